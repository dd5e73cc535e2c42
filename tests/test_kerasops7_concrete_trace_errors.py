"""get_concrete_function traces as TF 2.21 traces there. It raises the error its trace raises: keras.ops.glu on
an open axis (Keras 3's x.shape[axis] % 2 of None), a reshape, matmul, add or concat whose static shapes disagree,
x.numpy() of the traced tensor; tapeflow's early trace runs on stand-ins (zeros, open sizes 1) and dropped any
failure until the first call; a failure that recurs on other stand-ins (ones, open sizes 2) is one of the traced
shapes and the code, and is raised now. And it traces ops that index an open axis (take, top_k, split, reflect pad,
x[3]), which failed their kernels on the length-1 stand-in: a kernel failure there retries on longer stand-ins.
Texts: TF 2.21's (notes/progs/kerasops7/gcf*.py, stand.py)."""
import pytest

import framework as tf
from framework import keras

ops = keras.ops
OPEN = tf.TensorSpec((None, 4), 'float32')


def concrete_error(fn, spec):
    """The error get_concrete_function(spec) raises for tf.function(fn): (type name, its last line)."""
    with pytest.raises(Exception) as info:
        tf.function(fn).get_concrete_function(spec)
    return type(info.value).__name__, str(info.value).strip().splitlines()[-1].strip()


def test_glu_on_an_open_axis_raises_at_get_concrete_function():
    printed = []

    @tf.function(input_signature=[tf.TensorSpec((2, None), 'float32')])
    def f(x):
        printed.append('traced')
        return ops.glu(x, axis=-1)
    with pytest.raises(TypeError) as info:
        f.get_concrete_function()
    # TF 2.21: TypeError 'in user code: ... TypeError: unsupported operand type(s) for %: 'NoneType' and 'int''
    assert str(info.value).startswith('in user code:')
    assert str(info.value).strip().endswith("TypeError: unsupported operand type(s) for %: 'NoneType' and 'int'")
    assert printed          # (the trace ran there)
    with pytest.raises(TypeError, match="unsupported operand type"):    # the call traces and raises again
        f(tf.zeros((2, 4)))


def reshape_keras(x):
    return ops.reshape(x, (3, 3))


def reshape_tf(x):
    return tf.reshape(x, (3, 3))


def matmul(x):
    return ops.matmul(x, tf.ones((3, 2)))


def add(x):
    return x + tf.ones((3,))


def concat(x):
    return tf.concat([x, tf.ones((2, 3))], 0)


def numpy_value(x):
    return x.numpy()


@pytest.mark.parametrize('fn, spec, expected', [
    (reshape_keras, OPEN, (
        'ValueError', "ValueError: Dimension size must be evenly divisible by 4 but is 9 for '{{node Reshape}} = "
        "Reshape[T=DT_FLOAT, Tshape=DT_INT32](x, Reshape/shape)' with input shapes: [?,4], [2] and with input "
        "tensors computed as partial shapes: input[1] = [3,3].")),
    (reshape_tf, tf.TensorSpec((2, 4)), (
        'ValueError', "ValueError: Cannot reshape a tensor with 8 elements to shape [3,3] (9 elements) for "
        "'{{node Reshape}} = Reshape[T=DT_FLOAT, Tshape=DT_INT32](x, Reshape/shape)' with input shapes: [2,4], "
        "[2] and with input tensors computed as partial shapes: input[1] = [3,3].")),
    (matmul, OPEN, (
        'ValueError', "ValueError: Dimensions must be equal, but are 4 and 3 for '{{node MatMul}} = MatMul[T=DT_FLOAT, "
        "grad_a=false, grad_b=false, transpose_a=false, transpose_b=false](x, ones)' with input shapes: [?,4], [3,2].")),
    (add, OPEN, (
        'ValueError', "ValueError: Dimensions must be equal, but are 4 and 3 for '{{node add}} = AddV2[T=DT_FLOAT](x, "
        "ones)' with input shapes: [?,4], [3].")),
    (concat, OPEN, (
        'ValueError', "ValueError: Dimension 0 in both shapes must be equal, but are 4 and 3. Shapes are [4] and [3]. "
        "for '{{node concat}} = ConcatV2[N=2, T=DT_FLOAT, Tidx=DT_INT32](x, ones, concat/axis)' with input shapes: "
        "[?,4], [2,3], [] and with computed input tensors: input[2] = <0>.")),
    (numpy_value, tf.TensorSpec((2, 4)), (
        'AttributeError', "AttributeError: 'SymbolicTensor' object has no attribute 'numpy'")),
])
def test_static_shape_errors_raise_at_get_concrete_function(fn, spec, expected):
    assert concrete_error(fn, spec) == expected


def test_the_call_after_the_early_trace_gives_the_rows():
    f = tf.function(lambda x: ops.take(x, [0, 1], axis=0))
    f.get_concrete_function(OPEN)
    assert f(tf.reshape(tf.range(12.0), (3, 4))).numpy().tolist() == [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]


# get_concrete_function's trace of ops that index an open axis: TF 2.21 builds them (its trace never runs the
# kernel); tapeflow's stand-in of length 1 failed the kernel (GatherV2 'indices[1] = 1 is not in [0, 1)', TopKV2
# 'input must have at least k columns', Split, MirrorPad, StridedSlice), which the traced code caught and printed,
# or which left the trace to the first call. (name, call, TF 2.21's print inside the trace, structured_outputs)
STAND_IN_CASES = [
    ('take', lambda x: ops.take(x, [0, 1], axis=0), 'Tensor("GatherV2:0", shape=(2, 4), dtype=float32)',
     'Tensor("Identity:0", shape=(2, 4), dtype=float32)'),
    ('gather', lambda x: tf.gather(x, [0, 1]), 'Tensor("GatherV2:0", shape=(2, 4), dtype=float32)',
     'Tensor("Identity:0", shape=(2, 4), dtype=float32)'),
    ('top_k', lambda x: ops.top_k(ops.transpose(x), 2),
     "TopKV2(values=<tf.Tensor 'TopKV2:0' shape=(4, 2) dtype=float32>, indices=<tf.Tensor 'TopKV2:1' shape=(4, 2) "
     "dtype=int32>)",
     "TopKV2(values=<tf.Tensor 'Identity:0' shape=(4, 2) dtype=float32>, indices=<tf.Tensor 'Identity_1:0' "
     "shape=(4, 2) dtype=int32>)"),
    ('split', lambda x: ops.split(x, 2, axis=0),
     "[<tf.Tensor 'split:0' shape=(None, 4) dtype=float32>, <tf.Tensor 'split:1' shape=(None, 4) dtype=float32>]",
     "[<tf.Tensor 'Identity:0' shape=(None, 4) dtype=float32>, <tf.Tensor 'Identity_1:0' shape=(None, 4) "
     "dtype=float32>]"),
    ('reflect_pad', lambda x: ops.pad(x, [[2, 2], [0, 0]], mode='reflect'),
     'Tensor("MirrorPad:0", shape=(None, 4), dtype=float32)', 'Tensor("Identity:0", shape=(None, 4), dtype=float32)'),
    ('row', lambda x: x[3], 'Tensor("strided_slice:0", shape=(4,), dtype=float32)',
     'Tensor("Identity:0", shape=(4,), dtype=float32)'),
]


@pytest.mark.parametrize('name, call, printed, outputs', STAND_IN_CASES, ids=[c[0] for c in STAND_IN_CASES])
def test_ops_indexing_an_open_axis_trace_at_get_concrete_function(name, call, printed, outputs, capsys):
    @tf.function(input_signature=[OPEN])
    def f(x):
        try:
            print(call(x))
        except Exception as error:      # (the trace goes on: its print shows the error)
            print('ERR', type(error).__name__)
        return x
    f.get_concrete_function()
    assert capsys.readouterr().out == printed + '\n'
    assert str(tf.function(call).get_concrete_function(OPEN).structured_outputs) == outputs
