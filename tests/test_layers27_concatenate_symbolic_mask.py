"""Concatenate's mask on KerasTensors, as Keras 3.15 on TF 2.21 gives it.

Keras's Concatenate.compute_mask is written in keras.ops (ones_like; expand_dims, zeros_like and logical_or for a
mask of lower rank; concatenate; any), so on KerasTensors it returns a bool KerasTensor and, where a layer that takes
a mask reads it, those ops are rows of the model's summary. tapeflow raised "A KerasTensor cannot be used as input
to a TensorFlow function" for the direct call and left the ops out of the graph.
Goldens: /work/notes/progs/layers27/catmask_gold.py, run under TF 2.21.
"""
import re

import numpy as np
import pytest

from framework import keras

L = keras.layers
ops = keras.ops


def _kinds(model):
    lines = []
    model.summary(print_fn=lambda text, **kwargs: lines.append(text))
    return re.findall(r'\((\w+)\)', '\n'.join(lines))[1:]       # (the header's '(type)' first)


def _embedded_model(first_masked, second_masked, axis):
    inp1, inp2 = keras.Input((4,), dtype='int32'), keras.Input((4,), dtype='int32')
    e1 = L.Embedding(10, 3, mask_zero=first_masked)(inp1)
    e2 = L.Embedding(10, 3, mask_zero=second_masked)(inp2)
    joined = L.Concatenate(axis=axis)([e1, e2])
    model = keras.Model([inp1, inp2], L.GlobalAveragePooling1D()(joined))
    e1._keras_history[0].set_weights([np.arange(30, dtype='float32').reshape(10, 3)])
    e2._keras_history[0].set_weights([np.arange(30, dtype='float32').reshape(10, 3) * 10])
    return model, joined


_A = np.array([[1, 2, 0, 0], [3, 0, 0, 0]])
_B = np.array([[1, 0, 0, 0], [3, 4, 5, 0]])


@pytest.mark.parametrize('masked, axis, mask_shape, kinds, expected', [
    ((True, False), -1, (None, 4),
     ['InputLayer', 'Embedding', 'InputLayer', 'NotEqual', 'Embedding', 'ExpandDims', 'ZerosLike', 'LogicalOr',
      'OnesLike', 'Concatenate', 'Concatenate', 'Any'],
     [[2.25, 3.25, 4.25, 7.5, 17.5, 27.5], [2.25, 3.25, 4.25, 90.0, 100.0, 110.0]]),
    ((False, True), 1, (None, 8),
     ['InputLayer', 'InputLayer', 'Embedding', 'NotEqual', 'Embedding', 'ExpandDims', 'ZerosLike', 'OnesLike',
      'LogicalOr', 'Concatenate', 'Concatenate', 'Any'],
     [[7.800000190734863, 10.600000381469727, 13.399999618530273],
      [52.71428680419922, 57.57143020629883, 62.42856979370117]]),
    ((True, True), 1, (None, 8),
     ['InputLayer', 'InputLayer', 'Embedding', 'Embedding', 'NotEqual', 'NotEqual', 'ExpandDims', 'ZerosLike',
      'ExpandDims', 'ZerosLike', 'LogicalOr', 'LogicalOr', 'Concatenate', 'Concatenate', 'Any'],
     [[13.0, 17.0, 21.0], [92.25, 100.0, 107.75]]),
])
def test_concatenated_mask_ops_join_the_graph(masked, axis, mask_shape, kinds, expected, same_as_tf):
    model, joined = _embedded_model(*masked, axis)
    assert joined._keras_mask.shape == mask_shape
    assert _kinds(model) == kinds
    same_as_tf(model([_A, _B]).numpy().ravel().tolist(), list(np.ravel(expected)))


@pytest.mark.parametrize('axis, width', [(1, 8), (-1, 4)])
def test_compute_mask_on_keras_tensors(axis, width):
    x, mask = keras.Input((4, 3)), keras.Input((4,), dtype='bool')
    layer = L.Concatenate(axis=axis)
    for masks in ([mask, None], [None, mask], [mask, mask]):
        out = layer.compute_mask([x, x], masks)
        assert (type(out).__name__, out.shape, out.dtype) == ('KerasTensor', (None, width), 'bool')
    assert layer.compute_mask([x, x], [None, None]) is None


def test_model_of_the_mask_alone():
    x, mask = keras.Input((4, 3)), keras.Input((4,), dtype='bool')
    model = keras.Model([x, mask], L.Concatenate(axis=1).compute_mask([x, x], [mask, None]))
    assert _kinds(model) == ['InputLayer', 'InputLayer', 'ExpandDims', 'ZerosLike', 'LogicalOr', 'OnesLike',
                             'Concatenate', 'Any']
    out = model([np.ones((2, 4, 3), 'float32'), np.array([[1, 0, 1, 1], [0, 0, 0, 1]], bool)])
    assert out.numpy().tolist() == [[True, False, True, True, True, True, True, True],
                                    [False, False, False, True, True, True, True, True]]


def test_eager_compute_mask_unchanged():
    out = L.Concatenate().compute_mask([np.ones((2, 4, 3), 'float32')] * 2,
                                       [np.array([[1, 0, 1, 1], [0, 0, 0, 1]], bool), None])
    assert out.numpy().tolist() == [[True] * 4] * 2
