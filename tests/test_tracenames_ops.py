"""Inside a tf.function's trace, the tensors the function's own ops make print as TensorFlow's graph
tensors: the op's graph name made unique in the graph, its name scope, the static shape.

Golden lines from TF 2.21 (tensorflow-cpu, /opt/tfref) running the same programs: the me17
reproducer (notes/progs/me17/p1.py) and notes/progs/tracenames/probe_ops.py, probe2.py, probe4.py.
"""
import sys

import numpy as np

import framework as tf


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def test_ops_made_in_a_trace_print_their_graph_names_and_values_stay_the_same(capsys):
    @tf.function
    def f(x, y):
        z = x * y + 1.0
        w = tf.reduce_sum(z, axis=0)
        print('trace', x, z, w)
        return tf.nn.relu(w) + tf.square(z)[0]

    out = f(tf.ones((2, 3)), tf.constant(2.0))
    assert _lines(capsys) == ['trace Tensor("x:0", shape=(2, 3), dtype=float32) '
                              'Tensor("add:0", shape=(2, 3), dtype=float32) Tensor("Sum:0", shape=(3,), dtype=float32)']
    np.testing.assert_array_equal(out.numpy(), [15.0, 15.0, 15.0])
    assert str(out) == 'tf.Tensor([15. 15. 15.], shape=(3,), dtype=float32)'      # outside: the value
    assert sys.gettrace() is None           # the naming hook lives only while the trace runs


def test_a_modules_variable_operator_and_read_value(capsys):
    class M(tf.Module):
        def __init__(self):
            self.v = tf.Variable([1., 2.])

        @tf.function
        def __call__(self, x):
            a = self.v * x
            print(a, self.v.read_value())
            return tf.matmul(tf.reshape(a, (1, 2)), tf.reshape(a, (2, 1)))

    result = M()(tf.constant(2.0))
    assert _lines(capsys) == ['Tensor("mul:0", shape=(2,), dtype=float32) '
                              'Tensor("Identity:0", shape=(2,), dtype=float32)']
    np.testing.assert_array_equal(result.numpy(), [[20.0]])


def test_operators_and_functions_take_their_own_names_sharing_one_counter(capsys):
    @tf.function
    def f(x, y):
        print(x + y, x * y, x - y, x / y, -x, x ** 2, x @ tf.transpose(x))
        print(y + 1.0, 1.0 + y, 2.0 * x, x / 2.0, 3.0 - x)
        print(tf.add(x, y), tf.multiply(x, y), tf.subtract(x, y), tf.divide(x, y))
        print(tf.reduce_sum(x), tf.reduce_sum(x, axis=1), tf.reduce_mean(x, 0), tf.reduce_max(x),
              tf.reduce_min(x, 1, keepdims=True))
        print(tf.reshape(x, (-1,)), tf.concat([x, x], 0), tf.stack([x, x]), tf.cast(x, tf.int32), tf.identity(x),
              tf.constant(3.0))
        print(x[0], x[:, 1], x[0, 0], tf.transpose(x), tf.expand_dims(x, 0))
        return x

    f(tf.constant([[1., 2., 3.], [4., 5., 6.]]), tf.constant(2.0))
    t = 'Tensor("%s:0", shape=%s, dtype=%s)'
    f23, f22, s = '(2, 3)', '(2, 2)', '()'
    assert _lines(capsys) == [
        ' '.join(t % (n, sh, 'float32') for n, sh in [('add', f23), ('mul', f23), ('sub', f23), ('truediv', f23),
                                                       ('Neg', f23), ('pow', f23), ('matmul', f22)]),
        ' '.join(t % (n, sh, 'float32') for n, sh in [('add_1', s), ('add_2', s), ('mul_1', f23),
                                                       ('truediv_1', f23), ('sub_1', f23)]),
        ' '.join(t % (n, f23, 'float32') for n in ('Add_3', 'Mul_2', 'Sub_2', 'truediv_2')),
        # a reduction over all axes makes its axes a constant 'Const' first: tf.constant is then Const_2
        ' '.join(t % (n, sh, 'float32') for n, sh in [('Sum', s), ('Sum_1', '(2,)'), ('Mean', '(3,)'), ('Max', s),
                                                       ('Min', '(2, 1)')]),
        ' '.join(t % (n, sh, d) for n, sh, d in [('Reshape', '(6,)', 'float32'), ('concat', '(4, 3)', 'float32'),
                                                  ('stack', '(2, 2, 3)', 'float32'), ('Cast', f23, 'int32'),
                                                  ('Identity', f23, 'float32'), ('Const_2', s, 'float32')]),
        ' '.join(t % (n, sh, 'float32') for n, sh in [('strided_slice', '(3,)'), ('strided_slice_1', '(2,)'),
                                                       ('strided_slice_2', s), ('transpose_1', '(3, 2)'),
                                                       ('ExpandDims', '(1, 2, 3)')]),
    ]


def test_name_scopes_are_made_unique_in_the_graph(capsys):
    @tf.function
    def n(x):
        with tf.name_scope('a') as sc:
            print(sc, x + 1.0, tf.reduce_sum(x))
        with tf.name_scope('a') as sc:
            print(sc, x + 1.0)
            with tf.name_scope('a') as sc2:
                print(sc2, x + 1.0, tf.constant(2.0))
        with tf.name_scope('b/') as sc:
            print(sc, x + 1.0)
        with tf.name_scope('') as sc:
            print(sc, x + 1.0)
        return x

    n(tf.constant(1.0))
    t = 'Tensor("%s:0", shape=(), dtype=float32)'
    assert _lines(capsys) == ['a/ %s %s' % (t % 'a/add', t % 'a/Sum'), 'a_1/ %s' % (t % 'a_1/add'),
                              'a_1/a/ %s %s' % (t % 'a_1/a/add', t % 'a_1/a/Const'), 'b/ %s' % (t % 'b/add'),
                              ' %s' % (t % 'add')]
    with tf.name_scope('a') as sc:      # outside a trace: eager scopes are not made unique
        assert sc == 'a/'


def test_given_names_and_argument_names_share_the_counter(capsys):
    @tf.function
    def p(x, y=None):
        z = tf.identity(x, name='x')
        print(z, tf.add(x, 1, name='y'), x + 1)
        return z

    p(tf.constant(1))
    assert _lines(capsys) == ['Tensor("x_1:0", shape=(), dtype=int32) Tensor("y:0", shape=(), dtype=int32) '
                              'Tensor("add:0", shape=(), dtype=int32)']


def test_variable_reads_name_their_read_ops(capsys):
    v = tf.Variable([1., 2., 3.])

    @tf.function
    def f(x):
        # a variable's operator reads it first (ReadVariableOp, _1, _2), so the next reads are _3, _4
        print(v * x, v + 1.0, v.read_value(), tf.identity(v), v[0], tf.convert_to_tensor(v), v.value())
        return x

    f(tf.constant([1., 2., 3.]))
    t = 'Tensor("%s:0", shape=%s, dtype=float32)'
    assert _lines(capsys) == [' '.join(t % (n, '()' if n == 'strided_slice' else '(3,)') for n in (
        'mul', 'add', 'Identity', 'Identity_1', 'strided_slice', 'ReadVariableOp_3', 'ReadVariableOp_4'))]


def test_retraces_start_a_new_graph(capsys):
    class Lin(tf.Module):
        def __init__(self):
            self.w = None

        @tf.function
        def __call__(self, x):
            if self.w is None:
                self.w = tf.Variable(tf.ones((3, 2)))
            y = tf.matmul(x, self.w)
            print('y', y, y + 1.0)
            return y

    m = Lin()
    m(tf.ones((2, 3)))
    m(tf.ones((4, 3)))
    line = 'y Tensor("MatMul:0", shape=(%d, 2), dtype=float32) Tensor("add:0", shape=(%d, 2), dtype=float32)'
    assert _lines(capsys) == [line % (2, 2), line % (2, 2), line % (4, 4)]


def test_calls_it_cannot_name_print_their_values(capsys):
    @tf.function
    def f(x):
        s = tf.tensordot(x, x, [[1], [1]])      # (TF: Tensor("Tensordot:0", ...): not named here)
        print(s, x + 1)
        return x

    f(tf.constant([[1., 1.]]))
    assert _lines(capsys) == ['tf.Tensor([[2.]], shape=(1, 1), dtype=float32) Tensor("add:0", shape=(1, 2), dtype=float32)']


def test_a_tracer_already_running_is_left_alone_and_a_profiler_does_not_matter(capsys):
    seen = []

    def tracer(frame, event, arg):      # a debugger's or coverage tool's: the naming hook steps aside
        seen.append(event)

    @tf.function
    def f(x):
        print(x + 1)
        return x

    sys.settrace(tracer)
    try:
        f(tf.constant(1))
        assert sys.gettrace() is tracer
    finally:
        sys.settrace(None)
    assert seen
    assert _lines(capsys) == ['tf.Tensor(2, shape=(), dtype=int32)']
    sys.setprofile(lambda frame, event, arg: None)
    try:
        f(tf.constant([1]))
    finally:
        sys.setprofile(None)
    assert _lines(capsys) == ['Tensor("add:0", shape=(1,), dtype=int32)']
    assert sys.gettrace() is None


def test_several_outputs_take_the_ops_output_index(capsys):
    @tf.function
    def f(x, v):
        a, b, c = tf.split(x, 3, axis=1)
        u = tf.unstack(x)
        print(a, c, u[1], tf.split(x, [1, 2], 1)[1])
        print(tf.math.top_k(v, 2), tf.unique(v))
        print(tf.boolean_mask(v, v > 1.5), tf.where(v > 1.5), tf.sort(v), tf.argsort(v))
        return a

    f(tf.ones((2, 3)), tf.constant([1., 2., 3.]))
    f32 = 'dtype=float32'
    assert _lines(capsys) == [
        'Tensor("split:0", shape=(2, 1), %s) Tensor("split:2", shape=(2, 1), %s) Tensor("unstack:1", shape=(3,), %s) '
        'Tensor("split_1:1", shape=(2, 2), %s)' % (f32, f32, f32, f32),
        "TopKV2(values=<tf.Tensor 'TopKV2:0' shape=(2,) dtype=float32>, indices=<tf.Tensor 'TopKV2:1' shape=(2,) "
        "dtype=int32>) Unique(y=<tf.Tensor 'Unique:0' shape=(None,) dtype=float32>, idx=<tf.Tensor 'Unique:1' "
        "shape=(3,) dtype=int32>)",
        'Tensor("boolean_mask/GatherV2:0", shape=(None,), %s) Tensor("Where:0", shape=(None, 1), dtype=int64) '
        'Tensor("sort/Neg_1:0", shape=(3,), %s) Tensor("argsort/TopKV2:1", shape=(3,), dtype=int32)' % (f32, f32)]


def test_another_tf_function_called_in_the_trace_is_a_partitioned_call(capsys):
    v = tf.Variable([1., 2., 3.])

    @tf.function
    def g(x):
        return x * 2.0

    @tf.function
    def h(x):
        return x * v

    @tf.function
    def k(x):
        return x + tf.random.uniform((3,)), x - 1.0

    @tf.function
    def uses_an_unknown_call(x):
        return tf.math.real(x - x + 1.0)

    @tf.function
    def f(x):
        print(g(x), h(x), k(x), g(x + 1.0))
        print(uses_an_unknown_call(x))      # what its graph holds is not known here: the value
        return x

    f(tf.constant([1., 2., 3.]))
    out = _lines(capsys)
    # a variable read or a random op makes the called graph stateful (TF 2.21)
    assert out[0] == ('Tensor("PartitionedCall:0", shape=(3,), dtype=float32) '
                      'Tensor("StatefulPartitionedCall:0", shape=(3,), dtype=float32) '
                      "(<tf.Tensor 'StatefulPartitionedCall_1:0' shape=(3,) dtype=float32>, "
                      "<tf.Tensor 'StatefulPartitionedCall_1:1' shape=(3,) dtype=float32>) "
                      'Tensor("PartitionedCall_1:0", shape=(3,), dtype=float32)')
    assert out[1] == 'tf.Tensor([1. 1. 1.], shape=(3,), dtype=float32)'


def test_more_math_nn_and_random_calls(capsys):
    @tf.function
    def f(x, y):
        print(tf.math.divide_no_nan(x, y), tf.math.floormod(x, y), tf.math.floordiv(x, y), tf.math.cumprod(x),
              tf.gather_nd(x, [[0, 1]]), tf.nn.bias_add(x, tf.ones((3,))))
        print(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=x),
              tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=x),
              tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1], logits=x))
        print(tf.math.erf(x), tf.math.ceil(x), tf.math.is_finite(x), tf.math.logical_or(x > 0, y > 0),
              tf.math.logical_not(x > 0), tf.math.atan2(x, y), tf.math.softsign(x))
        print(tf.math.log_sigmoid(x), tf.nn.gelu(x), tf.math.reduce_euclidean_norm(x), tf.linalg.matrix_transpose(x),
              tf.sequence_mask([1, 2], 3), tf.math.add_n([x, y]), tf.stop_gradient(x))
        print(tf.tensor_scatter_nd_update(x, [[0, 0]], [5.0]), tf.random.shuffle(x).shape,
              tf.random.categorical(x, 2).shape, tf.nn.dropout(x, 0.5).shape)
        return x

    @tf.function(input_signature=[tf.TensorSpec((None, 3)), tf.TensorSpec((None, 3))])
    def g(x, y):
        print(tf.math.divide_no_nan(x, y), tf.math.cumprod(x), tf.nn.bias_add(x, tf.ones((3,))),
              tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=x), tf.math.reduce_euclidean_norm(x, 1),
              tf.math.add_n([x, y]))
        return x

    f(tf.ones((2, 3)), tf.ones((2, 3)))
    g(tf.ones((2, 3)), tf.ones((2, 3)))
    assert _lines(capsys) == [
        'Tensor("div_no_nan:0", shape=(2, 3), dtype=float32) '
        'Tensor("FloorMod:0", shape=(2, 3), dtype=float32) '
        'Tensor("floordiv:0", shape=(2, 3), dtype=float32) '
        'Tensor("Cumprod:0", shape=(2, 3), dtype=float32) '
        'Tensor("GatherNd:0", shape=(1,), dtype=float32) '
        'Tensor("BiasAdd:0", shape=(2, 3), dtype=float32)',
        'Tensor("logistic_loss:0", shape=(2, 3), dtype=float32) '
        'Tensor("softmax_cross_entropy_with_logits/Reshape_2:0", shape=(2,), dtype=float32) '
        'Tensor("SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits:0", '
        'shape=(2,), dtype=float32)',
        'Tensor("Erf:0", shape=(2, 3), dtype=float32) '
        'Tensor("Ceil:0", shape=(2, 3), dtype=float32) '
        'Tensor("IsFinite:0", shape=(2, 3), dtype=bool) '
        'Tensor("LogicalOr:0", shape=(2, 3), dtype=bool) '
        'Tensor("LogicalNot:0", shape=(2, 3), dtype=bool) '
        'Tensor("Atan2:0", shape=(2, 3), dtype=float32) '
        'Tensor("Softsign:0", shape=(2, 3), dtype=float32)',
        'Tensor("LogSigmoid:0", shape=(2, 3), dtype=float32) '
        'Tensor("Gelu/mul_2:0", shape=(2, 3), dtype=float32) '
        'Tensor("EuclideanNorm:0", shape=(), dtype=float32) '
        'Tensor("matrix_transpose/transpose:0", shape=(3, 2), dtype=float32) '
        'Tensor("SequenceMask/Less:0", shape=(2, 3), dtype=bool) '
        'Tensor("AddN:0", shape=(2, 3), dtype=float32) '
        'Tensor("StopGradient:0", shape=(2, 3), dtype=float32)',
        'Tensor("TensorScatterUpdate:0", shape=(2, 3), dtype=float32) (2, 3) (2, 2) (2, 3)',
        'Tensor("div_no_nan:0", shape=(None, 3), dtype=float32) '
        'Tensor("Cumprod:0", shape=(None, 3), dtype=float32) '
        'Tensor("BiasAdd:0", shape=(None, 3), dtype=float32) '
        'Tensor("softmax_cross_entropy_with_logits/Reshape_2:0", shape=(None,), dtype=float32) '
        'Tensor("EuclideanNorm:0", shape=(None,), dtype=float32) '
        'Tensor("AddN:0", shape=(None, 3), dtype=float32)',
    ]
