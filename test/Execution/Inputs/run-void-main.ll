; Entry point for running a lowered test program with lli: lli's exit
; status is what its entry function returns, and the programs' @main
; returns nothing, so this calls it and returns 0 (lli's
; --entry-function=loom_run_main, the program being the main module).
declare void @main()

define i32 @loom_run_main() {
  call void @main()
  ret i32 0
}
