"""The static shape a tensor made inside a tf.function trace prints with: the computed array's where
the trace knows every length, None where an input_signature or a relaxed retrace leaves one open.

Golden lines from TF 2.21 (tensorflow-cpu, /opt/tfref) running the same programs
(notes/progs/tracenames/probe3.py, probe4.py).
"""
import framework as tf


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def _texts(*rows):
    return ' '.join('Tensor("%s:0", %sdtype=%s)' % (name, '' if shape is None else 'shape=%s, ' % shape, dtype)
                    for name, shape, dtype in rows)


def test_an_input_signatures_open_length_carries_through_each_op_family(capsys):
    @tf.function(input_signature=[tf.TensorSpec((None, 3)), tf.TensorSpec((None,), tf.int32)])
    def s(x, i):
        a = x * 2.0
        print(a, x[0], x[:, 1], x[1:], x[..., None], tf.reduce_sum(x, 1), tf.reduce_mean(x, 0, keepdims=True),
              tf.matmul(x, tf.transpose(x)))
        print(tf.reshape(x, (-1,)), tf.reshape(x, (-1, 1, 3)), tf.concat([x, x], 0), tf.concat([x, x], 1),
              tf.stack([x, x], 1), tf.cast(i, tf.float32), tf.shape(x), tf.size(x))
        print(tf.zeros_like(x), tf.expand_dims(x, 0), tf.squeeze(x), tf.range(tf.shape(x)[0]), tf.gather(x, i),
              tf.argmax(x, 1), tf.one_hot(i, 3), tf.reduce_sum(x))
        print(x + tf.ones((3,)), tf.where(x > 0, x, 0.0), tf.nn.softmax(x), tf.tile(x, [2, 1]), tf.shape(x)[0],
              tf.zeros((tf.shape(x)[0], 2)))
        return a

    s(tf.ones((2, 3)), tf.constant([0, 1]))
    f, n3 = 'float32', '(None, 3)'
    assert _lines(capsys) == [
        _texts(('mul', n3, f), ('strided_slice', '(3,)', f), ('strided_slice_1', '(None,)', f),
               ('strided_slice_2', n3, f), ('strided_slice_3', '(None, 3, 1)', f), ('Sum', '(None,)', f),
               ('Mean', '(1, 3)', f), ('MatMul', '(None, None)', f)),
        _texts(('Reshape', '(None,)', f), ('Reshape_1', '(None, 1, 3)', f), ('concat', n3, f),
               ('concat_1', '(None, 6)', f), ('stack', '(None, 2, 3)', f), ('Cast', '(None,)', f),
               ('Shape', '(2,)', 'int32'), ('Size', '()', 'int32')),
        # tf.squeeze without an axis on an open length: TensorFlow cannot tell the rank either
        _texts(('zeros_like', n3, f), ('ExpandDims', '(1, None, 3)', f), ('Squeeze', None, f),
               ('range', '(None,)', 'int32'), ('GatherV2', n3, f), ('ArgMax', '(None,)', 'int64'),
               ('one_hot', n3, f), ('Sum_1', '()', f)),
        _texts(('add', n3, f), ('SelectV2', n3, f), ('Softmax', n3, f), ('Tile', n3, f),
               ('strided_slice_5', '()', 'int32'), ('zeros', '(None, 2)', f)),
    ]


def test_a_relaxed_retrace_prints_the_open_length(capsys):
    @tf.function(reduce_retracing=True)
    def r(x):
        y = x * 2
        print('r', y, tf.reduce_sum(y, 0))
        return y

    r(tf.ones((2,)))
    r(tf.ones((3,)))
    r(tf.ones((4,)))
    line = 'r Tensor("mul:0", shape=%s, dtype=float32) Tensor("Sum:0", shape=(), dtype=float32)'
    assert _lines(capsys) == [line % '(2,)', line % '(None,)']


def test_a_traced_length_makes_the_range_open_even_with_known_inputs(capsys):
    @tf.function
    def f(n):
        r = tf.range(n)
        print(r, r * 2, tf.shape(r))
        return r

    f(tf.constant(3))
    assert _lines(capsys) == [_texts(('range', '(None,)', 'int32'), ('mul', '(None,)', 'int32'),
                                     ('Shape', '(1,)', 'int32'))]


def test_traced_user_code_reads_the_open_shape(capsys):
    @tf.function(input_signature=[tf.TensorSpec((None, 3))])
    def f(x):
        y = tf.reduce_sum(x * 2.0, axis=1, keepdims=True)
        print(y.shape, y.shape.as_list(), (x + 1.0).shape[-1])
        return y

    result = f(tf.ones((2, 3)))
    assert _lines(capsys) == ['(None, 1) [None, 1] 3']
    assert result.shape == (2, 1)       # outside the trace the value's own shape
