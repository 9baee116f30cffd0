/* Locals whose stack slots the stack map names: gen.sh turns each call of
 * sm() into a call of llvm.experimental.stackmap, so that the record's
 * Direct locations point at the arrays and its Indirect ones at spills. */
void sm(void *, void *, long);
void use(void *);

long layout_frame(long a, long b) {
  long buffer[4];
  int counter = (int)b;
  use(buffer);
  use(&counter);
  sm(buffer, &counter, a);
  return buffer[0] + counter + a;
}
