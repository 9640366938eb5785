// Defaults for the sanitizers of the libFuzzer binaries (the environment's
// ASAN_OPTIONS still override them). ASan's default quarantine keeps 256 MB of
// freed blocks out of reuse, so every execution's allocations land on fresh
// pages and the run is dominated by page faults; inputs here are < 16 KiB and
// one execution frees far less than 16 MB, so a 16 MB quarantine still holds
// every block freed during an execution and several executions before it.
// Measured on mod_parse_fuzzer (30,000 runs): 19 s with the default, 6 s with this.
extern "C" const char* __asan_default_options() { return "quarantine_size_mb=16"; }
