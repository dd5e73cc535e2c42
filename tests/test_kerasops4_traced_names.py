"""keras.ops calls inside a tf.function print as the graph tensors Keras 3's TensorFlow backend makes in
TF 2.21 (names made unique in creation order, TF's static shapes), not as eager values: ops.flip is
ReverseV2, ops.top_k TopKV2, ops.tril / triu MatrixBandPart, and a Cast comes first where Keras converts
the input's dtype (ops.any of floats, ops.prod of bools, ops.sin of ints). Expected texts: TF 2.21's
(notes/progs/kerasops4/cmp1.py, ops1.py, ops2.py and lead46/p14.py)."""
import pytest

import framework as tf
from framework import keras

ops = keras.ops


def traced_texts(calls, dtype='float32', shape=(None, 4)):
    """str() of each call's result on the traced argument of an input_signature tf.function."""
    texts = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        for call in calls:
            texts.append(str(call(x)))
        return x
    f.get_concrete_function()
    return texts


CASES = [
    # (input dtype, call, TF 2.21's text for the call alone)
    ('float32', lambda x: ops.flip(x, axis=1), 'Tensor("ReverseV2:0", shape=(None, 4), dtype=float32)'),
    ('int32', lambda x: ops.flip(x), 'Tensor("ReverseV2:0", shape=(None, 4), dtype=int32)'),
    ('float32', lambda x: ops.cumsum(x, axis=1), 'Tensor("Cumsum:0", shape=(None, 4), dtype=float32)'),
    ('bool', lambda x: ops.cumsum(x, axis=1), 'Tensor("Cumsum:0", shape=(None, 4), dtype=int32)'),
    ('int32', lambda x: ops.cumsum(x, axis=1, dtype='float32'), 'Tensor("Cumsum:0", shape=(None, 4), dtype=float32)'),
    ('float32', lambda x: ops.cumprod(x, axis=0), 'Tensor("Cumprod:0", shape=(None, 4), dtype=float32)'),
    ('float32', lambda x: ops.prod(x, axis=-1), 'Tensor("Prod:0", shape=(None,), dtype=float32)'),
    ('bool', lambda x: ops.prod(x, axis=1), 'Tensor("Prod:0", shape=(None,), dtype=int32)'),
    ('float32', lambda x: ops.prod(x, axis=1, keepdims=True), 'Tensor("Prod:0", shape=(None, 1), dtype=float32)'),
    ('float32', lambda x: ops.prod(x), 'Tensor("Prod:0", shape=(), dtype=float32)'),
    ('float32', lambda x: ops.any(x, axis=-1), 'Tensor("Any:0", shape=(None,), dtype=bool)'),
    ('int32', lambda x: ops.all(x, axis=1), 'Tensor("All:0", shape=(None,), dtype=bool)'),
    ('bool', lambda x: ops.any(x, axis=1, keepdims=True), 'Tensor("Any:0", shape=(None, 1), dtype=bool)'),
    ('float32', lambda x: ops.logical_not(x), 'Tensor("LogicalNot:0", shape=(None, 4), dtype=bool)'),
    ('int32', ops.sign, 'Tensor("Sign:0", shape=(None, 4), dtype=int32)'),
    ('int32', ops.relu6, 'Tensor("Relu6:0", shape=(None, 4), dtype=int32)'),
    ('float32', ops.reciprocal, 'Tensor("Reciprocal:0", shape=(None, 4), dtype=float32)'),
    ('int32', ops.sin, 'Tensor("Sin:0", shape=(None, 4), dtype=float32)'),
    ('float16', ops.sin, 'Tensor("Sin:0", shape=(None, 4), dtype=float16)'),
    ('float32', ops.cos, 'Tensor("Cos:0", shape=(None, 4), dtype=float32)'),
    ('float32', ops.tan, 'Tensor("Tan:0", shape=(None, 4), dtype=float32)'),
    ('float32', ops.arcsin, 'Tensor("Asin:0", shape=(None, 4), dtype=float32)'),
    ('float32', ops.sinh, 'Tensor("Sinh:0", shape=(None, 4), dtype=float32)'),
    ('int32', ops.ceil, 'Tensor("Ceil:0", shape=(None, 4), dtype=float32)'),
    ('float32', ops.expm1, 'Tensor("Expm1:0", shape=(None, 4), dtype=float32)'),
    ('float32', ops.rsqrt, 'Tensor("Rsqrt:0", shape=(None, 4), dtype=float32)'),
    ('float32', ops.erf, 'Tensor("Erf:0", shape=(None, 4), dtype=float32)'),
    ('float32', ops.isnan, 'Tensor("IsNan:0", shape=(None, 4), dtype=bool)'),
    ('float32', ops.isinf, 'Tensor("IsInf:0", shape=(None, 4), dtype=bool)'),
    ('float32', ops.isfinite, 'Tensor("IsFinite:0", shape=(None, 4), dtype=bool)'),
    ('float32', lambda x: ops.tril(x, k=1), 'Tensor("MatrixBandPart:0", shape=(None, 4), dtype=float32)'),
    ('int32', lambda x: ops.triu(x, -1), 'Tensor("MatrixBandPart:0", shape=(None, 4), dtype=int32)'),
    ('float32', lambda x: ops.zeros_like(x, dtype='int32'), 'Tensor("zeros_like:0", shape=(None, 4), dtype=int32)'),
    ('int32', ops.ones_like, 'Tensor("ones_like:0", shape=(None, 4), dtype=int32)'),
    ('float32', lambda x: ops.top_k(x, 2)[0], 'Tensor("TopKV2:0", shape=(None, 2), dtype=float32)'),
    ('int32', lambda x: ops.top_k(x, 3, sorted=False)[1], 'Tensor("TopKV2:1", shape=(None, 3), dtype=int32)'),
    ('float32', lambda x: ops.argmin(x, axis=1), 'Tensor("ArgMin:0", shape=(None,), dtype=int32)'),
    ('int32', lambda x: ops.argmin(x, axis=0), 'Tensor("ArgMin:0", shape=(4,), dtype=int32)'),
]


@pytest.mark.parametrize('dtype, call, expected', CASES)
def test_keras_op_alone_prints_tf_graph_tensor(dtype, call, expected):
    assert traced_texts([call], dtype) == [expected]


def test_counters_follow_the_cast_and_helper_ops_made_first():
    # TF 2.21, one graph of an int input: ops.sin makes Cast then Sin, so the float16 ops.sin is 'Sin_1';
    # a second tril / flip / any counts on from the first
    texts = traced_texts([
        lambda x: ops.sin(x), lambda x: ops.sin(ops.cast(x, 'float16')), lambda x: ops.tril(x),
        lambda x: ops.triu(x), lambda x: ops.flip(x, axis=0), lambda x: ops.flip(x),
        lambda x: ops.any(x, axis=0), lambda x: ops.any(x > 0, axis=0),
    ], 'int32', (3, None))
    assert texts == [
        'Tensor("Sin:0", shape=(3, None), dtype=float32)',
        'Tensor("Sin_1:0", shape=(3, None), dtype=float16)',
        'Tensor("MatrixBandPart:0", shape=(3, None), dtype=int32)',
        'Tensor("MatrixBandPart_1:0", shape=(3, None), dtype=int32)',
        'Tensor("ReverseV2:0", shape=(3, None), dtype=int32)',
        'Tensor("ReverseV2_1:0", shape=(3, None), dtype=int32)',
        'Tensor("Any:0", shape=(None,), dtype=bool)',
        'Tensor("Any_1:0", shape=(None,), dtype=bool)',
    ]


def test_tf_apis_of_the_same_op_keep_their_names():
    # TF 2.21: tf.sign / tf.math.cumsum / tf.math.logical_not are their op's name, no Cast counted
    texts = traced_texts([tf.sign, lambda x: tf.math.cumsum(x, axis=1), lambda x: tf.math.logical_not(x > 0),
                          lambda x: ops.cast(x, 'int32'), lambda x: ops.logical_not(x)])
    assert texts == [
        'Tensor("Sign:0", shape=(None, 4), dtype=float32)',
        'Tensor("Cumsum:0", shape=(None, 4), dtype=float32)',
        'Tensor("LogicalNot:0", shape=(None, 4), dtype=bool)',
        'Tensor("Cast:0", shape=(None, 4), dtype=int32)',
        'Tensor("LogicalNot_1:0", shape=(None, 4), dtype=bool)',
    ]


def test_tile_repeat_and_eye_as_tf_makes_them():
    # TF 2.21 (notes/progs/kerasops4/ops3.py, ops4.py): ops.repeat is tf.repeat's 'Repeat/Reshape_1' (axis=None
    # flattens by a Reshape first), a traced count or size leaves the length open, ops.eye of a Python size is
    # MatrixDiag 'eye/diag', of a traced one or N != M 'eye/set_diag'
    texts = traced_texts([
        lambda x: ops.tile(x, [1, 2]), lambda x: ops.tile(x, [2, 1]),
        lambda x: ops.repeat(x, 2, axis=1), lambda x: ops.repeat(x[None], tf.shape(x)[0], axis=0),
        lambda x: ops.repeat(x, 2), lambda x: ops.eye(3), lambda x: ops.eye(tf.shape(x)[0]),
        lambda x: ops.eye(3, 4), lambda x: ops.eye(tf.shape(x)[0], dtype='int32'),
    ])
    assert texts == [
        'Tensor("Tile:0", shape=(None, 8), dtype=float32)',
        'Tensor("Tile_1:0", shape=(None, 4), dtype=float32)',
        'Tensor("Repeat/Reshape_1:0", shape=(None, 8), dtype=float32)',
        'Tensor("Repeat_1/Reshape_1:0", shape=(None, None, 4), dtype=float32)',
        'Tensor("Repeat_2/Reshape_1:0", shape=(None,), dtype=float32)',
        'Tensor("eye/diag:0", shape=(3, 3), dtype=float32)',
        'Tensor("eye_1/set_diag:0", shape=(None, None), dtype=float32)',
        'Tensor("eye_2/set_diag:0", shape=(3, 4), dtype=float32)',
        'Tensor("eye_3/set_diag:0", shape=(None, None), dtype=int32)',
    ]


class _Repeated(keras.layers.Layer):
    def call(self, x):
        return ops.repeat(x[None], tf.shape(x)[0], axis=0)


class _Eye(keras.layers.Layer):
    def call(self, x):
        return ops.eye(tf.shape(x)[0])


class _Flipped(keras.layers.Layer):
    def call(self, x):
        return ops.top_k(ops.flip(ops.cumsum(x, axis=1), axis=0), 2)[0]


@pytest.mark.parametrize('layer, symbolic, called', [
    (_Repeated, (None, None, 4), (3, 3, 4)), (_Eye, (None, None), (3, 3)), (_Flipped, (None, 2), (3, 2))])
def test_custom_layer_on_input_gets_tf_traced_shape(layer, symbolic, called):
    # TF 2.21 (notes/progs/kerasops4/sym1.py): the traced count / size is open in the KerasTensor's shape
    inp = keras.Input((4,))
    out = layer()(inp)
    assert tuple(out.shape) == symbolic
    assert tuple(keras.Model(inp, out)(tf.ones((3, 4))).shape) == called


def test_pad_transposes_average_and_joins_as_tf_makes_them():
    # TF 2.21 (notes/progs/kerasops4/cmp2.py, ops5.py): ops.pad converts pad_width first (a Const), then Pad,
    # PadV2 for a constant_values other than 0, MirrorPad for 'reflect' / 'symmetric'; swapaxes / moveaxis are
    # a transpose; average without weights a Mean (Cast first for ints); append of axis=None flattens by two
    # Reshapes; hstack / vstack / append are a concat
    texts = traced_texts([
        lambda x: ops.pad(x, [[0, 0], [1, 1]]), lambda x: ops.pad(x, ((1, 0), (2, 1)), constant_values=2.),
        lambda x: ops.pad(x, [[0, 0], [1, 1]], mode='symmetric'),
        lambda x: ops.pad(x, [[0, tf.shape(x)[0]], [1, 1]]),
        lambda x: ops.swapaxes(x, 0, 1), lambda x: ops.moveaxis(x[None], [0, 1], [2, 0]),
        lambda x: ops.average(x, axis=-1), lambda x: ops.average(ops.cast(x, 'int32'), axis=0),
        lambda x: ops.average(x),
        lambda x: ops.append(x, x, axis=1), lambda x: ops.append(x, x),
        lambda x: ops.hstack([x, x]), lambda x: ops.hstack([x[0], x[0]]), lambda x: ops.vstack([x, x]),
        lambda x: tf.concat([x, x], 0), lambda x: tf.reshape(x, [-1]),
    ], 'float32', (3, None))
    assert texts == [
        'Tensor("Pad:0", shape=(3, None), dtype=float32)',
        'Tensor("PadV2:0", shape=(4, None), dtype=float32)',
        'Tensor("MirrorPad:0", shape=(3, None), dtype=float32)',
        'Tensor("Pad_1:0", shape=(6, None), dtype=float32)',     # (tf.shape(x)[0] of a known 3 folds)
        'Tensor("transpose:0", shape=(None, 3), dtype=float32)',
        'Tensor("transpose_1:0", shape=(3, None, 1), dtype=float32)',
        'Tensor("Mean:0", shape=(3,), dtype=float32)',
        'Tensor("Mean_1:0", shape=(None,), dtype=float32)',
        'Tensor("Mean_2:0", shape=(), dtype=float32)',
        'Tensor("concat:0", shape=(3, None), dtype=float32)',
        'Tensor("concat_1:0", shape=(None,), dtype=float32)',
        'Tensor("concat_2:0", shape=(3, None), dtype=float32)',
        'Tensor("concat_3:0", shape=(None,), dtype=float32)',
        'Tensor("concat_4:0", shape=(6, None), dtype=float32)',
        'Tensor("concat_5:0", shape=(6, None), dtype=float32)',
        'Tensor("Reshape_2:0", shape=(None,), dtype=float32)',
    ]


def test_known_lengths_fold_into_the_shapes():
    # TF 2.21: with the batch known, ops.pad / append / moveaxis give every length
    texts = traced_texts([lambda x: ops.pad(x, [[1, 1], [0, 2]]), lambda x: ops.append(x, x[0]),
                          lambda x: ops.moveaxis(x, 0, -1)], 'int32', (2, 3))
    assert texts == ['Tensor("Pad:0", shape=(4, 5), dtype=int32)',
                     'Tensor("concat:0", shape=(9,), dtype=int32)',
                     'Tensor("transpose:0", shape=(3, 2), dtype=int32)']


def test_arange_and_split_as_tf_makes_them():
    # TF 2.21 (notes/progs/kerasops4/cmp3.py): ops.arange is tf.range's 'range', open where a bound is only
    # known at run; ops.split into equal parts is 'split:0', 'split:1', ... (points: SplitV, not named here)
    texts = traced_texts([
        lambda x: ops.arange(3), lambda x: ops.arange(0., 2., 0.5), lambda x: ops.arange(3, dtype='float32'),
        lambda x: ops.arange(tf.shape(x)[0]), lambda x: ops.arange(tf.shape(x)[1]),
        lambda x: ops.split(x, 2, axis=1)[1], lambda x: ops.split(x, 4, axis=-1)[3], lambda x: tf.range(2),
    ])
    assert texts == [
        'Tensor("range:0", shape=(3,), dtype=int32)',
        'Tensor("range_1:0", shape=(4,), dtype=float32)',
        'Tensor("range_2:0", shape=(3,), dtype=float32)',
        'Tensor("range_3:0", shape=(None,), dtype=int32)',
        'Tensor("range_4:0", shape=(4,), dtype=int32)',
        'Tensor("split:1", shape=(None, 2), dtype=float32)',
        'Tensor("split_1:3", shape=(None, 1), dtype=float32)',
        'Tensor("range_5:0", shape=(2,), dtype=int32)',
    ]


def test_sort_and_argsort_as_tf_makes_them():
    # TF 2.21 (notes/progs/kerasops4/cmp4.py): ops.sort of floats ends in 'sort/Neg_1', of ints in 'sort/sub_1';
    # ops.argsort on the last axis is 'argsort/TopKV2:1', on another axis it transposes back: 'transpose_1'
    texts = traced_texts([
        lambda x: ops.sort(x), lambda x: ops.sort(ops.cast(x, 'int32'), axis=-1), lambda x: ops.sort(x, axis=0),
        lambda x: ops.argsort(x), lambda x: ops.argsort(ops.cast(x, 'int32'), axis=1),
        lambda x: ops.argsort(x, axis=0), lambda x: tf.sort(x),
    ], 'float32', (3, None))
    assert texts == [
        'Tensor("sort/Neg_1:0", shape=(3, None), dtype=float32)',
        'Tensor("sort_1/sub_1:0", shape=(3, None), dtype=int32)',
        'Tensor("sort_2/Neg_1:0", shape=(3, None), dtype=float32)',
        'Tensor("argsort/TopKV2:1", shape=(3, None), dtype=int32)',
        'Tensor("argsort_1/TopKV2:1", shape=(3, None), dtype=int32)',
        'Tensor("argsort_2/transpose_1:0", shape=(3, None), dtype=int32)',
        'Tensor("sort_3/Neg_1:0", shape=(3, None), dtype=float32)',
    ]


def test_tf_sort_of_integers_and_argsort_off_the_last_axis():
    # TF 2.21 (notes/progs/kerasops4/tfsort.py): tf.sort of int32 ends in 'sort/sub_1', tf.argsort(axis=0)
    # transposes back last whatever the dtype
    texts = traced_texts([lambda x: tf.sort(x), lambda x: tf.argsort(x, axis=0), lambda x: tf.argsort(x),
                          lambda x: tf.argsort(ops.cast(x, 'float32'), axis=0)], 'int32')
    assert texts == ['Tensor("sort/sub_1:0", shape=(None, 4), dtype=int32)',
                     'Tensor("argsort/transpose_1:0", shape=(None, 4), dtype=int32)',
                     'Tensor("argsort_1/TopKV2:1", shape=(None, 4), dtype=int32)',
                     'Tensor("argsort_2/transpose_1:0", shape=(None, 4), dtype=int32)']
