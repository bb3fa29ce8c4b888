// What the commands that replay share: the protocol options (--iterations, --seed,
// --tie-tolerance), parsed one way for every command, and the text of their tables.
#pragma once

#include "app/cli/cli.h"
#include "core/replay/protocol.h"
#include "core/trace/event.h"

#include <string>
#include <vector>

namespace cc::cli {

/// Declares --iterations, --seed and --tie-tolerance with the replay command's defaults.
void declareProtocolOptions(Args& args);

/// The protocol those options give (no ablations, not isolated). UsageError on bad text.
ReplayProtocol protocolFromArgs(const Args& args);

/// ns as microseconds with exactly three decimals (display only).
std::string microseconds(Ns ns);

/// A table: the first column left-aligned, the others right-aligned, every column as wide as its
/// widest cell (at least minWidths[k]); each row indented by two spaces.
std::string tableText(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows,
                      const std::vector<std::size_t>& minWidths = {});

} // namespace cc::cli
