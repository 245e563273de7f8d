// The seed example: a counter from 0 while < 4 stores into a 4-element
// buffer. loom proves the loop runs its body 4 times (its condition 5 times)
// and the store in bounds, with no assumption written by hand.
func.func @fill(%out: memref<4xi32>) {
  %begin = index.constant 0
  %end = index.constant 4
  %step = index.constant 1
  %terminal = scf.while (%before = %begin) : (index) -> index {
    %more = index.cmp slt(%before, %end)
    scf.condition(%more) %before : index
  } do {
  ^bb0(%position: index):
    %value = index.casts %position : index to i32
    memref.store %value, %out[%position] : memref<4xi32>
    %next = index.add %position, %step
    scf.yield %next : index
  }
  return
}
