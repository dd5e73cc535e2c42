"""A slice whose bound is a traced function's argument or a tensor loop's body tensor has an open length in
the trace, as TF 2.21's graph gives it (its value is only known when the graph runs); a constant bound folds.

tapeflow before: x[:n], x[:i + 1] and x[i:] printed the value's lengths ((2,), (1,), (3,)), so a dynamic
TensorArray written with x[:i + 1] in a loop refused the second write ('Inconsistent shapes: saw (2,) but
expected (1,)') where TF concatenates. Expected values were printed by TF 2.21 for the same functions
(/work/notes/progs/autograph10/p14.py, p14b.py, p6.py t15)."""
import framework as tf


def test_slices_print_open_lengths_where_tf_does(capsys):
    @tf.function
    def slices(x, n):
        a = x[:n]
        b = x[:tf.constant(2)]
        print(a, b)
        for i in tf.range(2):
            print(x[:i + 1], x[i], x[i:])
        return a
    assert slices(tf.constant([1., 2., 3.]), tf.constant(2)).numpy().tolist() == [1.0, 2.0]
    assert capsys.readouterr().out.split('\n') == [
        'Tensor("strided_slice:0", shape=(None,), dtype=float32) Tensor("strided_slice_1:0", shape=(2,), '
        'dtype=float32)',
        'Tensor("while/strided_slice:0", shape=(None,), dtype=float32) Tensor("while/strided_slice_1:0", '
        'shape=(), dtype=float32) Tensor("while/strided_slice_2:0", shape=(None,), dtype=float32)', '']


def test_a_dynamic_tensor_array_of_growing_slices():
    @tf.function
    def prefixes(x):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(3):
            ta = ta.write(i, x[:i + 1])
        return ta.concat()
    assert prefixes(tf.constant([1., 2., 3.])).numpy().tolist() == [1., 1., 2., 1., 2., 3.]   # TF 2.21's


def test_a_loop_variable_set_to_a_growing_slice_is_refused():
    @tf.function
    def grows(x):
        y = x[:1]
        for i in tf.range(2):
            y = x[:i + 1]
        return y
    try:
        grows(tf.constant([1., 2., 3.]))
    except ValueError as error:
        last = str(error).strip().split('\n')[-1].strip()
    else:
        last = None
    assert last == ("ValueError: 'y' has shape (1,) before the loop, but shape (None,) after one iteration. Use "
                    "tf.autograph.experimental.set_loop_options to set shape invariants.")
