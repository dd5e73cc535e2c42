"""Shapes made of lengths only the graph's run gives, in a tf.function (traced_op_shapes.py).

TF 2.21's shape inference reads a shape argument's value where it can fold it: ``tf.ones([n + 1, 2])``
of an argument n, ``tf.zeros([i, 2])`` in a tensor loop's body (i its iterate) leave those lengths open,
``tf.ones(tf.stack([n, 3]))`` is (None, 3), and a reshape infers its one open length (or -1) from a fully
known input. tapeflow gave the first call's lengths. And a graph TensorArray whose writes the trace saw as
(None,) stacks by merging the run's element shapes: TF's TensorListStack error, where tapeflow raised the
eager Pack's. Each line was printed by TF 2.21 for the same function (/work/notes/progs/autograph12/p10.py,
p7.py)."""
import pytest

import framework as tf


def test_created_and_reshaped_tensors_print_their_open_lengths(capsys):
    @tf.function
    def f(n, x):
        print(tf.reshape(x, [n, -1]))
        print(tf.reshape(x, [n, 5]))
        print(tf.reshape(x, [-1, n]))
        print(tf.reshape(x, [2, -1]))
        print(tf.reshape(x, tf.stack([n, 5])))
        print(tf.ones([n + 1, 2]), tf.zeros([2, n * 2]), tf.fill([n - 1], 1.0))
        print(tf.random.normal([n + 1]))
        print(tf.ones(tf.stack([n, 3])))
        for i in tf.range(n):
            print(tf.ones([i + 1]), tf.zeros([i, 2]), tf.reshape(x, [i + 1, -1]))
        return x
    f(tf.constant(2), tf.ones([10]))
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("Reshape:0", shape=(None, None), dtype=float32)',
        'Tensor("Reshape_1:0", shape=(2, 5), dtype=float32)',
        'Tensor("Reshape_2:0", shape=(None, None), dtype=float32)',
        'Tensor("Reshape_3:0", shape=(2, 5), dtype=float32)',
        'Tensor("Reshape_4:0", shape=(2, 5), dtype=float32)',
        'Tensor("ones:0", shape=(None, 2), dtype=float32) Tensor("zeros:0", shape=(2, None), dtype=float32) '
        'Tensor("Fill:0", shape=(None,), dtype=float32)',
        'Tensor("random_normal:0", shape=(None,), dtype=float32)',
        'Tensor("ones_1:0", shape=(None, 3), dtype=float32)',
        'Tensor("while/ones:0", shape=(None,), dtype=float32) Tensor("while/zeros:0", shape=(None, 2), '
        'dtype=float32) Tensor("while/Reshape:0", shape=(None, None), dtype=float32)',
    ]


def test_shapes_folded_from_known_lengths_stay_known(capsys):
    @tf.function
    def f(x):
        print(tf.zeros(tf.shape(x)), tf.zeros(tf.shape(x) + 1), tf.ones([tf.shape(x)[0], 2]))
        return x
    f(tf.ones([5]))
    assert capsys.readouterr().out.strip() == (
        'Tensor("zeros:0", shape=(5,), dtype=float32) Tensor("zeros_1:0", shape=(6,), dtype=float32) '
        'Tensor("ones:0", shape=(5, 2), dtype=float32)')


def test_a_tensor_array_of_growing_rows_fails_at_its_stack():
    @tf.function
    def rows(n):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(n):
            ta = ta.write(i, tf.ones([i + 1]))
        return ta.stack()

    @tf.function
    def joined(n):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True, infer_shape=False)
        for i in tf.range(n):
            ta = ta.write(i, tf.ones([i + 1]))
        return ta.concat()
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        rows(tf.constant(3))
    text = str(caught.value)
    assert text.startswith('Graph execution error:\n\nDetected at node TensorArrayV2Stack/TensorListStack defined at')
    assert 'PartialTensorShape: Incompatible shapes during merge: [1] vs. [2]\n\t [[{{node ' \
           'TensorArrayV2Stack/TensorListStack}}]]' in text
    # TF 2.21: [1. 1. 1. 1. 1. 1.] (concat takes rows of any length)
    assert joined(tf.constant(3)).numpy().tolist() == [1.0] * 6


def test_a_graph_tensor_arrays_concat_is_named_and_shaped_as_tf(capsys):
    @tf.function
    def joined(n):
        ta = tf.TensorArray(tf.float32, size=n, element_shape=[2])
        for i in tf.range(n):
            ta = ta.write(i, tf.ones([2]))
        print(ta.concat())
        rows = tf.TensorArray(tf.float32, size=2)
        rows = rows.write(0, tf.ones([2, 3])).write(1, tf.ones([2, 3]))
        print(rows.concat())
        loose = tf.TensorArray(tf.float32, size=2, infer_shape=False)
        loose = loose.write(0, tf.ones([2, 3])).write(1, tf.ones([1, 3]))
        print(loose.concat())
        return n
    joined(tf.constant(2))
    # printed by TF 2.21 (/work/notes/progs/autograph12/p24.py)
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("TensorListConcatV2:0", shape=(None,), dtype=float32)',
        'Tensor("TensorListConcatV2_1:0", shape=(None, 3), dtype=float32)',
        'Tensor("TensorListConcatV2_2:0", dtype=float32)']
