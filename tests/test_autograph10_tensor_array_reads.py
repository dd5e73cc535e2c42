"""A graph TensorArray's read and gather give new tensors, named and shaped as TF 2.21's ops.

tapeflow before: ``ta.read(1)`` after a ``for i in tf.range(n)`` loop that wrote the array returned the
tensor the loop body had written, still named 'while/Cast_1', so returning it raised
InaccessibleTensorError on valid code; reads printed as their written tensors; a graph array's
dynamic_size answered False where TF answers None (not given). Expected values were printed by TF 2.21
for the same functions (/work/notes/progs/autograph10/p6.py, p6b.py, p6c.py, p7.py)."""
import framework as tf


def test_a_read_after_the_loop_that_wrote_the_array_is_returned():
    @tf.function
    def written_in_a_loop(n):
        ta = tf.TensorArray(tf.float32, size=n)
        for i in tf.range(n):
            ta = ta.write(i, tf.cast(i, tf.float32))
        return ta.stack(), ta.read(1), ta.size()
    stacked, read, size = written_in_a_loop(tf.constant(3))
    assert stacked.numpy().tolist() == [0.0, 1.0, 2.0] and float(read) == 1.0 and int(size) == 3
    assert float(written_in_a_loop(tf.constant(4))[1]) == 1.0      # (a replay)


def test_reads_and_gathers_print_as_their_ops(capsys):
    # TF 2.21 printed, for this function:
    # Tensor("TensorArrayV2Read/TensorListGetItem:0", shape=(), dtype=float32)
    #   Tensor("TensorArrayV2Stack/TensorListStack:0", shape=(3,), dtype=float32)
    #   Tensor("TensorListGather:0", shape=(1,), dtype=float32)
    # Tensor("TensorArrayV2Read_1/TensorListGetItem:0", shape=(), dtype=float32)
    # Tensor("TensorArrayV2Read_2/TensorListGetItem:0", shape=(3, 2), dtype=float32) (3, 2) None True False
    @tf.function
    def reads(n, x):
        ta = tf.TensorArray(tf.float32, size=3)
        ta = ta.write(0, x * 2)
        print(ta.read(0), ta.stack(), ta.gather([0]))
        for i in tf.range(n):
            ta = ta.write(i, tf.cast(i, tf.float32))
        print(ta.read(1))
        rows = tf.TensorArray(tf.float32, size=2, element_shape=[None, 2])
        rows = rows.write(0, tf.ones([3, 2]))
        print(rows.read(0), rows.element_shape, ta.dynamic_size,
              tf.TensorArray(tf.float32, size=2, dynamic_size=True).dynamic_size,
              tf.TensorArray(tf.float32, size=2, dynamic_size=False).dynamic_size)
        return ta.read(1)
    assert float(reads(tf.constant(3), tf.constant(1.0))) == 1.0
    assert capsys.readouterr().out.split('\n') == [
        'Tensor("TensorArrayV2Read/TensorListGetItem:0", shape=(), dtype=float32) '
        'Tensor("TensorArrayV2Stack/TensorListStack:0", shape=(3,), dtype=float32) '
        'Tensor("TensorListGather:0", shape=(1,), dtype=float32)',
        'Tensor("TensorArrayV2Read_1/TensorListGetItem:0", shape=(), dtype=float32)',
        'Tensor("TensorArrayV2Read_2/TensorListGetItem:0", shape=(3, 2), dtype=float32) (3, 2) None True False', '']
    assert tf.TensorArray(tf.float32, size=2).dynamic_size is False      # (eagerly: False)


def test_gradients_through_reads_of_a_traced_array():
    @tf.function
    def read_back(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
            ta = ta.unstack(x)
            s = tf.constant(0.0)
            for i in tf.range(ta.size()):
                s += ta.read(i) ** 2
        return s, tape.gradient(s, x)

    @tf.function
    def read_and_gather(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            ta = tf.TensorArray(tf.float32, size=2)
            ta = ta.write(0, x * 2)
            ta = ta.write(1, x * 3)
            r = ta.read(1) + ta.gather([0, 1])[0]
        return r, tape.gradient(r, x)
    s, grad = read_back(tf.constant([1., 2., 3.]))
    assert float(s) == 14.0 and grad.numpy().tolist() == [2.0, 4.0, 6.0]      # TF 2.21: 14.0, [2. 4. 6.]
    r, grad = read_and_gather(tf.constant(1.0))
    assert (float(r), float(grad)) == (5.0, 5.0)      # TF 2.21: 5.0, 5.0
