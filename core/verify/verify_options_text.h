// The options every driver of verification declares (verify-behavior, reduce, baseline, compile
// --behavior-search / --strict), named and explained once, and their exact parsing from text.
// Drivers loop over verificationOptionSpecs() to declare them and call verifyOptionsFromText to
// read them, so every command spells and interprets them the same way.
#pragma once

#include "core/verify/behavior_verifier.h"

#include <functional>
#include <string>
#include <vector>

namespace cc::verify {

struct OptionSpec {
    std::string name;      ///< without the leading dashes
    std::string valueName; ///< e.g. "PCT"
    std::string help;
    std::string defaultValue; ///< empty: no default (the option is optional)
};

/// --configs, --relative-tolerance-pct, --absolute-tolerance-us, --hidden-tolerance-points,
/// --tail-recall-threshold, --ranking-tie-tolerance-us, --ranking-tie-tolerance-pct, --seed, --iterations.
const std::vector<OptionSpec>& verificationOptionSpecs();

/// Reads the tolerance and protocol options through valueOf(name) (the option's text, or "" for
/// its default); configs are left empty. Throws InputError naming the option and the rule (a
/// driver reports it as a usage error).
VerifyOptions verifyOptionsFromText(const std::function<std::string(const std::string& name)>& valueOf);

/// The set named by --configs ("" means the bundled default set), checked for verification (at least
/// two configurations). Throws IoError / InputError naming the file.
ConfigSet verificationConfigSet(const std::string& path);

} // namespace cc::verify
