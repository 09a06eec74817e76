import FuzzHarness

// The libFuzzer target for CryptoCoding v2 archives: `FuzzTarget.cryptoCoding` does the work.

/// libFuzzer's callback, once per input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTarget.cryptoCoding.test(bytes, count)
}

/// libFuzzer's start-up hook: writes the seeds instead of fuzzing when asked (see `FuzzTarget.initialize()`).
@_cdecl("LLVMFuzzerInitialize")
func initialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzTarget.cryptoCoding.initialize()
}
