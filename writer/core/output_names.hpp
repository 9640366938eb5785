// The name of the file meshgate writes for one model of many (export --out):
// its report path as a file name. Every byte outside [A-Za-z0-9._-] becomes
// "_" ("outer.rlb!MODEL.MSH" -> "outer.rlb_MODEL.MSH"), the extension is
// appended (none: the name's own, extract's "upper.mod", stays last), and a
// name already taken gets "-2", "-3", ... before it. Taken
// means in any case ("model03.MSH" is taken by "MODEL03.MSH"): Windows' file
// systems fold case, so two such names would be one file there, and the
// folder one export writes on Linux may be read on Windows. For the same
// reason a name Windows takes for a device ("con.mod", "aux": see
// platform::windows_device_name) gets "_" before it.
//
// A name longer than kNameMax (a ZIP member's name may be 65,535 bytes) is
// made to fit: the head of the name, "-", the xxh3_64 of the whole report
// path in hex, then the model's own extension (".mod", up to 8 bytes) and the
// appended one. The hash keeps names that share a head apart and gives the
// same path the same name in every run.
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace meshgate {

[[nodiscard]] std::string output_file_name(std::string_view report_path, std::string_view extension,
                                           std::set<std::string>& taken);  // the names given, in lower case

}  // namespace meshgate
