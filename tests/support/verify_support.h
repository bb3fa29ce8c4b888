// What the verification suites share, beside core_support.h.
#pragma once

#include "core_support.h"

#include "core/configs/config_io.h"
#include "core/verify/behavior_verifier.h"

namespace cctest {

/// Verification options with the default configuration set and every other option at its default.
inline cc::verify::VerifyOptions defaultVerifyOptions()
{
    cc::verify::VerifyOptions o;
    o.configs = cc::defaultConfigSet();
    return o;
}

} // namespace cctest
