"""keras.ops that Keras 3's TensorFlow backend builds from several TF ops print, inside a tf.function, as
the graph tensor of their last op with TF 2.21's static shape (not as eager values), and the ops made
before it count in later names: ops.log2 is 'truediv' after Log, Const, Log; ops.take is 'GatherV2'
after its index fix-up (Const, Less, Shape, strided_slice, add, SelectV2); ops.norm 'Sqrt'; ops.dot
'Tensordot'. Expected texts: TF 2.21's (notes/progs/kerasops5/cmp.py, its op lists o1.py .. o5.py)."""
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


def _t(name, shape, dtype='float32'):
    return 'Tensor("%s:0", shape=%s, dtype=%s)' % (name, shape, dtype)


CASES = [
    # (input dtype, input shape, call, TF 2.21's text for the call alone)
    ('float32', (None, 4), lambda x: ops.take(x, [0, 1], axis=1), _t('GatherV2', '(None, 2)')),
    ('float32', (None, 4), lambda x: ops.take(x, [0, 1]), _t('GatherV2', '(2,)')),
    ('float32', (None, 4), lambda x: ops.take(x, 1, axis=1), _t('GatherV2', '(None,)')),
    ('float32', (None, 4), lambda x: ops.take(x, [[0, 1]], axis=1), _t('GatherV2', '(None, 1, 2)')),
    ('int32', (3, 4), lambda x: ops.take(x, [0, 1], axis=1), _t('GatherV2', '(3, 2)', 'int32')),
    ('int32', (None, 4), lambda x: ops.one_hot(x, 3), _t('one_hot', '(None, 4, 3)')),
    ('float32', (None, 4), lambda x: ops.one_hot(x[:, 0], 3), _t('one_hot', '(None, 3)')),
    ('int32', (None, 4), lambda x: ops.one_hot(x[:, 0], 3, axis=0), _t('one_hot', '(3, None)')),
    ('int32', (None, 4), lambda x: ops.one_hot(x, 3, axis=1), _t('one_hot', '(None, 3, 4)')),
    ('int32', (None, 4), lambda x: ops.one_hot(x[:, 0], 3, dtype='int32'), _t('one_hot', '(None, 3)', 'int32')),
    ('int32', (None, 4), lambda x: ops.one_hot(x[:, 0], tf.shape(x)[0]), _t('one_hot', '(None, None)')),
    ('float32', (None, 4), lambda x: ops.full((2, 3), 0.5), _t('BroadcastTo', '(2, 3)')),
    ('float32', (None, 4), lambda x: ops.full((tf.shape(x)[0], 2), 0.5), _t('BroadcastTo', '(None, 2)')),
    ('float32', (None, 4), lambda x: ops.full((2, 3), 1, dtype='int32'), _t('BroadcastTo', '(2, 3)', 'int32')),
    ('float32', (None, 4), lambda x: ops.full((2, 3), x[0, 0]), _t('BroadcastTo', '(2, 3)')),
    ('float32', (None, 4), lambda x: ops.broadcast_to(x[:1], (3, 4)), _t('BroadcastTo', '(3, 4)')),
    ('float32', (None, 4), lambda x: ops.broadcast_to(x[:1], (tf.shape(x)[0], 4)), _t('BroadcastTo', '(None, 4)')),
    ('float32', (None, None), lambda x: ops.broadcast_to(x, (2, 3, 4)), _t('BroadcastTo', '(2, 3, 4)')),
    ('float32', (None, 4), lambda x: ops.norm(x, axis=-1), _t('Sqrt', '(None,)')),
    ('float32', (None, 4), lambda x: ops.norm(x), _t('Sqrt', '()')),
    ('float32', (None, 4), lambda x: ops.norm(x, axis=-1, keepdims=True), _t('Sqrt', '(None, 1)')),
    ('int32', (None, 4), lambda x: ops.norm(x, axis=-1), _t('Sqrt', '(None,)')),
    ('float32', (None, 4), lambda x: ops.norm(x, ord=3, axis=-1), _t('Pow_1', '(None,)')),
    ('float32', (None, 4), lambda x: ops.norm(x, ord=float('inf'), axis=-1), _t('Max', '(None,)')),
    ('float32', (None, 4), lambda x: ops.norm(x, ord=0, axis=-1), _t('Sum', '(None,)')),
    ('float32', (None, 4), lambda x: ops.var(x, axis=-1), _t('reduce_variance/Mean_1', '(None,)')),
    ('float32', (None, 4), lambda x: ops.var(x), _t('reduce_variance/Mean_1', '()')),
    ('int32', (None, 4), lambda x: ops.std(x, axis=-1), _t('reduce_std/Sqrt', '(None,)')),
    ('float32', (None, 4), lambda x: ops.logsumexp(x, axis=-1, keepdims=True), _t('ReduceLogSumExp', '(None, 1)')),
    ('float32', (None, 4), lambda x: ops.logsumexp(x), _t('ReduceLogSumExp', '()')),
    ('float32', (None, 4), ops.gelu, _t('Gelu/mul_3', '(None, 4)')),
    ('float32', (None, 4), lambda x: ops.gelu(x, approximate=False), _t('Gelu/mul_2', '(None, 4)')),
    ('float32', (None, 4), ops.silu, _t('IdentityN', '(None, 4)')),
    ('float32', (None, 4), ops.hard_sigmoid, _t('truediv', '(None, 4)')),
    ('float32', (3, 4), ops.nan_to_num, _t('SelectV2_2', '(3, 4)')),
    ('float32', (None, 4), lambda x: ops.dot(x, ops.ones((4, 2))), _t('Tensordot', '(None, 2)')),
    ('int32', (None, 4), lambda x: ops.dot(x, ops.ones((4, 2), 'int32')), _t('Cast_2', '(None, 2)', 'int32')),
    ('float32', (None, 4), lambda x: ops.dot(x, ops.ones((4,))), _t('Tensordot', '(None,)')),
    ('float32', (None, 4), lambda x: ops.dot(x, tf.transpose(x)), _t('Tensordot', '(None, None)')),
    ('float32', (None, 4), lambda x: ops.outer(x[0], x[0]), _t('mul', '(4, 4)')),
    ('float32', (None, 4), lambda x: ops.outer(x, x[0]), _t('mul', '(None, 4)')),
    ('float32', (None, 4), lambda x: ops.diag(x[0], k=1), _t('diag', '(5, 5)')),
    ('float32', (None, 4), lambda x: ops.diag(x[:, 0]), _t('diag', '(None, None)')),
    ('float32', (None, 4), ops.diag, _t('diag_part', '(None,)')),
    ('float32', (4, 4), ops.diag, _t('diag_part', '(4,)')),
    ('int32', (None, 4), lambda x: ops.slice(x, [0, 1], [1, 2]), _t('Slice', '(1, 2)', 'int32')),
    ('float32', (None, 4), lambda x: ops.slice(x, [0, 1], [-1, 2]), _t('Slice', '(None, 2)')),
    ('float32', (None, 4), lambda x: ops.slice(x, [0, 1], [1, -1]), _t('Slice', '(1, 3)')),
    ('float32', (None, 4), lambda x: ops.slice(x, [0, 1], [tf.shape(x)[0], 2]), _t('Slice', '(None, 2)')),
    ('float32', (None, 4), lambda x: ops.slice(x, tf.constant([0, 1]), [1, 2]), _t('Slice', '(1, 2)')),
    ('float32', (None, 4), lambda x: tf.slice(x, [1, 0], [-1, 3]), _t('Slice', '(None, 3)')),
    ('float32', (3, 4), lambda x: tf.slice(x, [1, 0], [-1, 3]), _t('Slice', '(2, 3)')),
    ('int32', (None, 4), lambda x: ops.segment_sum(x, ops.zeros((tf.shape(x)[0],), 'int32'), num_segments=2),
     _t('UnsortedSegmentSum', '(2, 4)', 'int32')),
    ('float32', (None, 4), ops.log2, _t('truediv', '(None, 4)')),
    ('float32', (None, 4), lambda x: ops.einsum('ij,jk->ik', x, ops.ones((4, 2))), _t('MatMul', '(None, 2)')),
    ('float32', (None, 4), lambda x: ops.einsum('ij,kj->ik', x, ops.ones((2, 4))), _t('MatMul', '(None, 2)')),
    ('float32', (None, 3, 4), lambda x: ops.einsum('bij,jk->bik', x, ops.ones((4, 2))), _t('MatMul', '(None, 3, 2)')),
    ('float32', (None, 4), lambda x: ops.einsum('i,j->ij', x[0], x[0]), _t('MatMul', '(4, 4)')),
    ('float32', (None, 4), lambda x: ops.einsum('ij,j->i', x, ops.ones((4,))), _t('Squeeze', '(None,)')),
    ('float32', (None, 4, 4, 4), lambda x: ops.einsum('abcd,acbe->adbe', x, x),
     _t('transpose_2', '(None, 4, 4, 4)')),
    ('float32', (None, 4, 4, 4), lambda x: ops.einsum('abcd,adbe->acbe', x, x),
     _t('transpose_1', '(None, 4, 4, 4)')),
    ('float32', (None, 4), lambda x: ops.einsum('ij->ji', x), _t('einsum/Einsum', '(4, None)')),
    ('float32', (None, 4), lambda x: ops.einsum('ij,ij->i', x, x), _t('einsum/Einsum', '(None,)')),
    ('float64', (None, 4), lambda x: ops.einsum('ij,jk->ik', x, ops.ones((4, 2), 'float64')),
     _t('MatMul', '(None, 2)', 'float64')),
    ('float32', (None, 4), lambda x: ops.binary_crossentropy(ops.ones_like(x), ops.sigmoid(x)),
     _t('logistic_loss', '(None, 4)')),
    ('float32', (None, 4), lambda x: ops.binary_crossentropy(ops.ones_like(x), x), _t('Neg', '(None, 4)')),
    ('float32', (None, 4), lambda x: ops.binary_crossentropy(ops.ones_like(x), x, from_logits=True),
     _t('logistic_loss', '(None, 4)')),
    ('float32', (None, 4), lambda x: ops.linspace(0., 1., 5), _t('linspace/Slice', '(5,)')),
    ('float32', (None, 4), lambda x: ops.linspace(0, 1, 1), _t('linspace/Slice', '(1,)')),
    ('float32', (None, 4), lambda x: ops.linspace(0., 1., 5, endpoint=False, dtype='float64'),
     _t('linspace/Slice', '(5,)', 'float64')),
    ('int32', (None, 4), ops.log2, _t('truediv', '(None, 4)')),
    # (kerasops5/o7.py: elementwise ops Keras runs as one TF op, or a few)
    ('float32', (None, 4), ops.arccos, _t('Acos', '(None, 4)')),
    ('int32', (None, 4), ops.arctan, _t('Atan', '(None, 4)')),
    ('float32', (None, 4), ops.arccosh, _t('Acosh', '(None, 4)')),
    ('float32', (None, 4), ops.arcsinh, _t('Asinh', '(None, 4)')),
    ('float32', (None, 4), ops.arctanh, _t('Atanh', '(None, 4)')),
    ('int32', (None, 4), ops.cosh, _t('Cosh', '(None, 4)')),
    ('float32', (None, 4), ops.softsign, _t('Softsign', '(None, 4)')),
    ('float32', (None, 4), ops.log_sigmoid, _t('LogSigmoid', '(None, 4)')),
    ('float32', (None, 4), ops.selu, _t('Selu', '(None, 4)')),
    ('int32', (None, 4), ops.stop_gradient, _t('StopGradient', '(None, 4)', 'int32')),
    ('int32', (None, 4), ops.copy, _t('Identity', '(None, 4)', 'int32')),
    ('float32', (None, 4), ops.erfinv, _t('erfinv/Erfinv', '(None, 4)')),
    ('int32', (None, 4), ops.log10, _t('truediv', '(None, 4)')),
    ('float32', (None, 4), ops.exp2, _t('Pow', '(None, 4)')),
    ('int32', (None, 4), ops.exp2, _t('Pow', '(None, 4)')),
    ('int32', (None, 4), ops.deg2rad, _t('mul', '(None, 4)')),
    ('float32', (None, 4), ops.rad2deg, _t('mul', '(None, 4)')),
    ('float32', (None, 4), ops.cbrt, _t('mul', '(None, 4)')),
    ('float32', (None, 4), ops.ravel, _t('Reshape', '(None,)')),
    ('int32', (3, 4), ops.ravel, _t('Reshape', '(12,)', 'int32')),
    ('float32', (None, 4), ops.amax, _t('Max', '()')),
    ('float32', (None, 4), lambda x: ops.amin(x, axis=0, keepdims=True), _t('Min', '(1, 4)')),
    ('float32', (None, 4), ops.diagonal, _t('diag_part', '(None,)')),
    ('float32', (None, 4), ops.signbit, _t('Less', '(None, 4)', 'bool')),
    ('int32', (None, 4), ops.signbit, _t('Less', '(None, 4)', 'bool')),
    ('float32', (None, 4), ops.trunc, _t('SelectV2', '(None, 4)')),
    ('int32', (None, 4), ops.trunc, 'Tensor("x:0", shape=(None, 4), dtype=int32)'),
    ('float32', (None, 4), ops.argmax, _t('ArgMax', '()', 'int32')),
    ('int32', (None, 4), ops.argmin, _t('ArgMin', '()', 'int32')),
    ('float32', (None, 4), lambda x: ops.arctan2(x, x), _t('Atan2', '(None, 4)')),
    ('float32', (3, 4), lambda x: ops.dot(x, ops.ones((4, 2))), _t('Tensordot/MatMul', '(3, 2)')),
    ('float32', (3, 4), lambda x: ops.dot(x, ops.ones((4,))), _t('Tensordot', '(3,)')),
    ('float32', (None, 4), keras.activations.gelu, _t('Gelu/mul_2', '(None, 4)')),
    ('float32', (None, 4), keras.activations.silu, _t('IdentityN', '(None, 4)')),
    ('float32', (None, 4), keras.activations.hard_sigmoid, _t('truediv', '(None, 4)')),
    ('float32', (None, 4), keras.activations.hard_silu, _t('mul', '(None, 4)')),
    ('float32', (None, 4), ops.hard_swish, _t('mul', '(None, 4)')),
    ('float32', (None, 4), keras.activations.selu, _t('Selu', '(None, 4)')),
    ('float32', (None, 4), ops.cumsum, _t('Cumsum', '(None,)')),
    ('int32', (None, 4), ops.cumprod, _t('Cumprod', '(None,)', 'int32')),
    ('float32', (3, 4), ops.cumsum, _t('Cumsum', '(12,)')),
    ('float32', (None, 4), lambda x: [ops.cumsum(x), ops.reshape(x, (-1,))][1], _t('Reshape_1', '(None,)')),
    # (kerasops5/o8.py, cmp3.py)
    ('float32', (None, 4), ops.sinc, _t('SelectV2', '(None, 4)')),
    ('float32', (None, 4), ops.imag, _t('Imag/zeros_like', '(None, 4)')),
    ('float32', (None, 4), ops.ptp, _t('sub', '()')),
    ('int32', (None, 4), lambda x: ops.ptp(x, axis=0, keepdims=True), _t('sub', '(1, 4)', 'int32')),
    ('float32', (None, 4), ops.count_nonzero, _t('count_nonzero/Cast_1', '()', 'int32')),
    ('int32', (None, 4), lambda x: ops.count_nonzero(x, axis=-1), _t('count_nonzero/Cast_1', '(None,)', 'int32')),
    ('int32', (None, 4), ops.isreal, _t('ones_like', '(None, 4)', 'bool')),
    ('float32', (None, 4), ops.diff, _t('Sub', '(None, 3)')),
    ('int32', (None, 4), lambda x: ops.diff(x, axis=0), _t('Sub', '(None, 4)', 'int32')),
    ('float32', (3, 4), lambda x: ops.diff(x, axis=0), _t('Sub', '(2, 4)')),
    ('float32', (None, 4), lambda x: ops.heaviside(x, x), _t('SelectV2_1', '(None, 4)')),
    ('float32', (None, 4), lambda x: ops.logaddexp(x, x), _t('SelectV2', '(None, 4)')),
    ('int32', (None, 4), lambda x: ops.arctan2(x, x), _t('Atan2', '(None, 4)')),
]


@pytest.mark.parametrize('dtype,shape,call,expected', CASES)
def test_keras_op_alone_prints_tf_graph_tensor(dtype, shape, call, expected):
    assert traced_texts([call], dtype, shape) == [expected]


def test_counters_follow_the_helper_ops_made_first():
    # TF 2.21 gives these in one graph, in this order (p14.py's rows, cmp.py's 'seq' lines)
    calls = [lambda x: ops.take(x, [0, 1], axis=1), lambda x: ops.take(x, tf.constant([0, 1], 'int64'), axis=1),
             lambda x: ops.norm(x, axis=-1), lambda x: ops.sum(x), lambda x: ops.nan_to_num(x),
             lambda x: ops.where(x > 0, x, 0.), lambda x: ops.hard_sigmoid(x), lambda x: ops.log2(x),
             lambda x: ops.one_hot(ops.cast(x[:, 0], 'int32'), 3), lambda x: ops.cast(x, 'int32'),
             lambda x: ops.full((2, 3), 0.5), lambda x: ops.broadcast_to(x[:1], (3, 4)),
             lambda x: ops.silu(x), lambda x: ops.sigmoid(x), lambda x: ops.outer(x[0], x[0]),
             lambda x: ops.reshape(x, (-1,)), lambda x: ops.gelu(x), lambda x: ops.dot(x, ops.ones((4, 2))),
             lambda x: ops.dot(x, ops.ones((4,)))]
    assert traced_texts(calls) == [
        _t('GatherV2', '(None, 2)'), _t('GatherV2_1', '(None, 2)'), _t('Sqrt', '(None,)'), _t('Sum_1', '()'),
        _t('SelectV2_4', '(None, 4)'), _t('SelectV2_5', '(None, 4)'), _t('truediv', '(None, 4)'),
        _t('truediv_1', '(None, 4)'), _t('one_hot', '(None, 3)'), _t('Cast_3', '(None, 4)', 'int32'),
        _t('BroadcastTo', '(2, 3)'), _t('BroadcastTo_1', '(3, 4)'), _t('IdentityN', '(None, 4)'),
        _t('Sigmoid_1', '(None, 4)'), _t('mul_3', '(4, 4)'), _t('Reshape_2', '(None,)'),
        _t('Gelu/mul_3', '(None, 4)'), _t('Tensordot', '(None, 2)'), _t('Tensordot_1', '(None,)')]


def test_einsum_crossentropy_and_linspace_helper_ops_count():
    # TF 2.21, in one graph (cmp2.py's 'seq' lines): linspace's step ops (sub, Cast, sub_1, truediv) and the
    # probabilities' cross-entropy (clip_by_value, Log, mul, sub, ...) count in the later names
    calls = [lambda x: ops.einsum('ij,kj->ik', x, ops.ones((2, 4))), lambda x: ops.transpose(x),
             lambda x: ops.einsum('ij->ji', x), lambda x: ops.einsum('ij,ij->i', x, x),
             lambda x: ops.linspace(0., 1., 5), lambda x: ops.linspace(0., 1., 5, endpoint=False),
             lambda x: ops.binary_crossentropy(ops.ones_like(x), x), lambda x: ops.log(x),
             lambda x: ops.subtract(x, 1.) / 2., lambda x: x - 1.]
    assert traced_texts(calls) == [
        _t('MatMul', '(None, 2)'), _t('transpose_1', '(4, None)'), _t('einsum/Einsum', '(4, None)'),
        _t('einsum_1/Einsum', '(None,)'), _t('linspace/Slice', '(5,)'), _t('linspace_1/Slice', '(5,)'),
        _t('Neg', '(None, 4)'), _t('Log_2', '(None, 4)'), _t('truediv_2', '(None, 4)'), _t('sub_7', '(None, 4)')]


def test_elementwise_helpers_count_in_one_graph():
    # TF 2.21 (kerasops5/sweep.py's order): argmax's -0.0 fix-up and Reshape, deg2rad's truediv, trunc's
    # SelectV2, signbit's Less count in the later names
    calls = [ops.argmax, ops.argmin, ops.deg2rad, ops.rad2deg, ops.log10, ops.trunc, ops.signbit,
             lambda x: ops.where(x > 0, x, 0.), lambda x: x / 2., lambda x: ops.reshape(x, (-1,)),
             lambda x: ops.less(x, 1.)]
    assert traced_texts(calls) == [
        _t('ArgMax', '()', 'int32'), _t('ArgMin', '()', 'int32'), _t('mul', '(None, 4)'), _t('mul_1', '(None, 4)'),
        _t('truediv_2', '(None, 4)'), _t('SelectV2_2', '(None, 4)'), _t('Less_3', '(None, 4)', 'bool'),
        _t('SelectV2_3', '(None, 4)'), _t('truediv_3', '(None, 4)'), _t('Reshape_2', '(None,)'),
        _t('Less_4', '(None, 4)', 'bool')]


_LAYER_TEXTS = []      # (a list kept on a layer attribute would be Keras's tracked copy)


class _Probe(keras.layers.Layer):
    """A custom layer printing keras.ops results in its call (kerasops5/layer1.py)."""

    def call(self, x):
        results = [ops.take(x, [0, 1], axis=1), ops.norm(x, axis=-1), ops.einsum('ij,jk->ik', x, ops.ones((4, 2))),
                   ops.logsumexp(x, axis=-1, keepdims=True), keras.activations.gelu(x), ops.dot(x, ops.ones((4, 3)))]
        _LAYER_TEXTS.append([str(r) for r in results])
        return results[0]


def test_custom_layer_on_input_and_in_predict():
    import numpy as np
    _LAYER_TEXTS.clear()
    inp = keras.Input((4,))
    model = keras.Model(inp, _Probe(name='probe')(inp), name='m')
    model.predict(np.ones((2, 4), 'float32'), verbose=0)
    # TF 2.21: on keras.Input the open batch; in predict's graph the known batch, in the layer's scopes, and
    # the dot of two known matrices ends at its MatMul (in the graph scopes 'm_1/probe_1/', as TF 2.21 names them)
    assert _LAYER_TEXTS == [
        [_t('GatherV2', '(None, 2)'), _t('Sqrt', '(None,)'), _t('MatMul', '(None, 2)'),
         _t('ReduceLogSumExp', '(None, 1)'), _t('Gelu/mul_2', '(None, 4)'), _t('Tensordot', '(None, 3)')],
        [_t('m_1/probe_1/GatherV2', '(2, 2)'), _t('m_1/probe_1/Sqrt', '(2,)'),
         _t('m_1/probe_1/MatMul', '(2, 2)'), _t('m_1/probe_1/ReduceLogSumExp', '(2, 1)'),
         _t('m_1/probe_1/Gelu/mul_2', '(2, 4)'), _t('m_1/probe_1/Tensordot/MatMul', '(2, 3)')]]


def test_composites_count_in_one_graph():
    # TF 2.21 (cmp3.py's 'seq' lines)
    calls = [ops.sinc, ops.ptp, lambda x: ops.heaviside(x, x), lambda x: ops.logaddexp(x, x), ops.diff,
             lambda x: ops.subtract(x, 1.) - ops.sin(x) * x]
    assert traced_texts(calls) == [
        _t('SelectV2', '(None, 4)'), _t('sub', '()'), _t('SelectV2_2', '(None, 4)'), _t('SelectV2_3', '(None, 4)'),
        _t('Sub_2', '(None, 3)'), _t('sub_4', '(None, 4)')]     # (TF's names are unique regardless of case)


def test_unmeasured_forms_and_tf_apis_keep_their_own_names():
    texts = traced_texts([lambda x: tf.math.reduce_logsumexp(x, axis=-1), lambda x: tf.slice(x, [0, 1], [1, 2]),
                          lambda x: tf.broadcast_to(x[:1], (3, 4)), lambda x: tf.one_hot(tf.cast(x[:, 0], 'int32'), 3),
                          lambda x: ops.logsumexp(x, axis=-1)])
    # TF 2.21 (tf.one_hot of int32 makes no Cast; tf.slice of an open input has its sizes' shape)
    assert texts == [_t('ReduceLogSumExp', '(None,)'), _t('Slice', '(1, 2)'), _t('BroadcastTo', '(3, 4)'),
                     _t('one_hot', '(None, 3)'), _t('ReduceLogSumExp_1', '(None,)')]


def test_nan_to_num_of_integers_is_the_input_itself():
    # TF 2.21: Keras returns an integer x as it is (Tensor("x:0", ...)); tapeflow names no op for it
    assert traced_texts([ops.nan_to_num], 'int32') == ['Tensor("x:0", shape=(None, 4), dtype=int32)']
