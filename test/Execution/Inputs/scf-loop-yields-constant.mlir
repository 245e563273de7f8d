// Input of tensor-loop-constant.mlir (not a test by itself): the same
// loop as there, written with scf.for.
func.func @f(%c: i1, %n: index, %v: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant dense<[6, 6, 7]> : tensor<3xi32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init) -> (tensor<3xi32>) {
    %y = scf.if %c -> (tensor<3xi32>) {
      %k = arith.constant dense<[3, 9, 58]> : tensor<3xi32>
      scf.yield %k : tensor<3xi32>
    } else {
      %u = tensor.insert %v into %a[%c1] : tensor<3xi32>
      scf.yield %u : tensor<3xi32>
    }
    scf.yield %y : tensor<3xi32>
  }
  %w = tensor.insert %v into %r[%c0] : tensor<3xi32>
  %e = tensor.extract %w[%c0] : tensor<3xi32>
  return %e : i32
}
