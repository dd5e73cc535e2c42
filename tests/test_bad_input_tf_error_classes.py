"""Bad op input raises the exception class a TensorFlow program catches.

Each case below raised ``tf.errors.InvalidArgumentError`` under TensorFlow 2.21
(run with /opt/tfref, 2026-12-02); tapeflow must raise it too, so that
``except tf.errors.InvalidArgumentError`` works unchanged. tapeflow's
InvalidArgumentError is also a ValueError and a TypeError, the classes these
cases raised before, so older ``except`` clauses keep working. The message
must still name the op.

Values that cannot become tensors (None, a dict, ragged or mixed lists) raise
ValueError in TensorFlow; tapeflow's ConversionError is a ValueError and a TypeError.
"""
import numpy as np
import pytest

import framework as tf


def f32(*shape):
    return tf.ones(shape)


INVALID_ARGUMENT = [
    # (op name the message must hold, call)
    ('concat', lambda: tf.concat([f32(2, 3), f32(2, 4)], 0)),
    ('concat', lambda: tf.concat([f32(2, 3), f32(2, 3)], 5)),
    ('concat', lambda: tf.concat([f32(2, 3), tf.ones((2, 3), tf.int32)], 0)),
    ('stack', lambda: tf.stack([f32(2), f32(3)])),
    ('stack', lambda: tf.stack([f32(2), tf.ones((2,), tf.int32)])),
    ('reshape', lambda: tf.reshape(f32(2, 3), [4, 2])),
    ('gather', lambda: tf.gather(f32(2, 3), [5])),
    ('gather', lambda: tf.gather(f32(2, 3), [0.5])),
    ('gather', lambda: tf.gather(f32(2, 3), [0], axis=2)),
    ('one_hot', lambda: tf.one_hot([0.5], 3)),
    ('reduce_sum', lambda: tf.reduce_sum(f32(2, 3), axis=2)),
    ('reduce_sum', lambda: tf.reduce_sum(f32(2, 3), axis=[0, 0])),
    ('reduce_sum', lambda: tf.reduce_sum(tf.constant(['a', 'b']))),
    ('reduce_prod', lambda: tf.reduce_prod(f32(2, 3), axis=-3)),
    ('add', lambda: tf.constant(1) + 1.5),
    ('add', lambda: tf.constant('a') + 1),
    ('exp', lambda: tf.exp(tf.constant(1))),
    ('sqrt', lambda: tf.sqrt(tf.constant([4]))),
    ('matmul', lambda: tf.matmul(f32(2, 3), f32(4, 5))),
    ('matmul', lambda: tf.matmul(f32(3), f32(3, 2))),
    ('zeros', lambda: tf.zeros([-1, 2])),
    ('fill', lambda: tf.fill([-1], 1.)),
    ('range', lambda: tf.range(0, 5, 0)),
    ('transpose', lambda: tf.transpose(f32(2, 3), [0, 0])),
    ('squeeze', lambda: tf.squeeze(f32(2, 3), [0])),
    ('expand_dims', lambda: tf.expand_dims(f32(2, 3), 4)),
    ('tile', lambda: tf.tile(f32(2, 3), [2])),
    ('split', lambda: tf.split(f32(5, 2), 2)),
    ('split', lambda: tf.split(f32(5, 2), [1, 2])),
    ('pad', lambda: tf.pad(f32(2, 3), [[-1, 0], [0, 0]])),
    ('where', lambda: tf.where(tf.constant([1, 0]), f32(2), f32(2))),
    ('argmax', lambda: tf.argmax(f32(2, 3), axis=2)),
    ('top_k', lambda: tf.math.top_k(f32(2, 3), 5)),
    ('softmax', lambda: tf.nn.softmax(tf.constant([1, 2]))),
    ('softmax', lambda: tf.nn.softmax(f32(2, 3), axis=5)),
    ('sparse_softmax_cross_entropy_with_logits',
     lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[3], logits=f32(1, 3))),
    ('softmax_cross_entropy_with_logits',
     lambda: tf.nn.softmax_cross_entropy_with_logits(labels=f32(2, 3), logits=f32(2, 4))),
    ('conv2d', lambda: tf.nn.conv2d(f32(4, 4, 1), f32(2, 2, 1, 1), 1, 'VALID')),
    ('conv2d', lambda: tf.nn.conv2d(f32(1, 4, 4, 1), f32(2, 2, 1, 1), 1, 'FOO')),
    ('max_pool2d', lambda: tf.nn.max_pool2d(f32(1, 4, 4, 1), 0, 1, 'VALID')),
    ('segment_sum', lambda: tf.math.segment_sum(f32(3), [1, 0, 0])),
    ('unsorted_segment_sum', lambda: tf.math.unsorted_segment_sum(f32(3), [0, 5, 0], 2)),
    ('bincount', lambda: tf.math.bincount([-1, 0])),
    ('inv', lambda: tf.linalg.inv(tf.zeros((2, 2)))),
    ('inv', lambda: tf.linalg.inv(f32(2, 3))),
    ('einsum', lambda: tf.einsum('ij,jk->ik', f32(2, 3), f32(4, 2))),
    ('broadcast_to', lambda: tf.broadcast_to(f32(3), [2, 4])),
    ('cumsum', lambda: tf.cumsum(f32(2, 3), axis=2)),
    ('unstack', lambda: tf.unstack(f32(2, 3), num=3)),
    ('eye', lambda: tf.eye(-1)),
    ('tile', lambda: tf.tile(f32(2, 3), [-1, 1])),
    ('one_hot', lambda: tf.one_hot([0], 3, axis=3)),
    ('one_hot', lambda: tf.one_hot([0], -1)),
    ('reshape', lambda: tf.reshape(f32(2, 3), 'ab')),
    ('reshape', lambda: tf.reshape(f32(2, 3), [-2, 3])),
    ('floordiv', lambda: tf.math.floordiv(tf.constant([1]), tf.constant([0]))),
]


@pytest.mark.parametrize('op, call', INVALID_ARGUMENT,
                         ids=['%s-%d' % (c[0], i) for i, c in enumerate(INVALID_ARGUMENT)])
def test_tf_invalid_argument_cases_raise_invalid_argument_error(op, call):
    with pytest.raises(tf.errors.InvalidArgumentError, match=op) as info:
        call()
    assert isinstance(info.value, (ValueError, TypeError))      # what tapeflow raised before, still caught


UNCONVERTIBLE = [None, {'a': 1}, object(), [[1., 2.], [3.]], [1, 'a'], [1, None]]


@pytest.mark.parametrize('value', UNCONVERTIBLE, ids=['none', 'dict', 'object', 'ragged', 'mixed', 'number_none'])
@pytest.mark.parametrize('convert', [tf.constant, tf.convert_to_tensor, lambda v: tf.ones(2) + v, tf.exp],
                         ids=['constant', 'convert_to_tensor', 'add', 'exp'])
def test_an_unconvertible_value_raises_value_error_as_tensorflow(convert, value):
    # TensorFlow 2.21: "Attempt to convert a value (None) with an unsupported type ... to a Tensor"
    # and "Can't convert Python sequence with mixed types to Tensor", both ValueError.
    with pytest.raises(ValueError, match='[Cc]onvert') as info:
        convert(value)
    assert isinstance(info.value, TypeError)       # tapeflow's earlier class, still caught


@pytest.mark.parametrize('call', [lambda: tf.one_hot([0], None), lambda: tf.reshape(f32(2, 3), None)],
                         ids=['one_hot_depth', 'reshape_shape'])
def test_none_for_a_size_or_shape_raises_value_error_as_tensorflow(call):
    # TensorFlow 2.21: "Attempt to convert a value (None) with an unsupported type", a ValueError.
    with pytest.raises(ValueError):
        call()


def test_a_mixed_list_is_refused_not_turned_into_strings():
    with pytest.raises(ValueError, match='mixed types'):
        tf.constant([1, 'a'])
    assert tf.constant(['a', 'b']).dtype == tf.string
    assert tf.constant([1, 2]).dtype == tf.int32


def test_a_layer_called_with_none_names_the_layer_and_raises_value_error():
    from framework import keras
    layer = keras.layers.Dense(2, name='dense_none')
    with pytest.raises(ValueError, match='dense_none'):
        layer(None)


def test_numpy_string_arrays_still_convert():
    assert tf.constant(np.array(['a', 'b'])).dtype == tf.string
