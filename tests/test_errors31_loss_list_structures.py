"""Keras 3 loss objects and keras.losses.sparse_categorical_crossentropy given Python lists, as on TF 2.21
(errors31, p_losslists*.py / p_scce.py; texts printed by TF).

A Loss converts each leaf of y_true and y_pred to a tensor and then pairs them with optree, y_true's
structure first: a list against an array, or lists that nest differently, fail in optree's words (a
node's type or arity, its children last to first, then a leaf against a deeper list); tapeflow stacked
each list into one array and computed a loss. Lists that nest alike still compute. The function
sparse_categorical_crossentropy reads y_true.shape and y_pred.shape before converting anything, so a
list there (even its docstring's) is Python's AttributeError; tapeflow computed."""
import numpy as np
import pytest

from framework import keras

L = keras.losses
LOGITS = [[.2, .7, .1], [.6, .3, .1]]


@pytest.mark.parametrize('call, text', [
    (lambda: L.SparseCategoricalCrossentropy()([1, 0], LOGITS), "Structures don't have the same nested structure."),
    (lambda: L.SparseCategoricalCrossentropy()([1, 0], np.array(LOGITS, 'float32')),
     'Expected an instance of list, got <tf.Tensor: shape=(2, 3), dtype=float32, numpy=\narray([[0.2, 0.7, 0.1],\n'
     '       [0.6, 0.3, 0.1]], dtype=float32)>.'),
    (lambda: L.BinaryCrossentropy()([0., 1.], np.array([[.3], [.6]])),
     'Expected an instance of list, got <tf.Tensor: shape=(2, 1), dtype=float32, numpy=\narray([[0.3],\n'
     '       [0.6]], dtype=float32)>.'),
    (lambda: L.SparseCategoricalCrossentropy()([[1], [0]], LOGITS),
     'list arity mismatch; expected: 1, got: 3; list: [<tf.Tensor: shape=(), dtype=float32, numpy=0.6000000238418579>, '
     '<tf.Tensor: shape=(), dtype=float32, numpy=0.30000001192092896>, '
     '<tf.Tensor: shape=(), dtype=float32, numpy=0.10000000149011612>].'),
    (lambda: L.MeanSquaredError()((1., 2.), [1.5, 2.5]),
     'Expected an instance of tuple, got [<tf.Tensor: shape=(), dtype=float32, numpy=1.5>, '
     '<tf.Tensor: shape=(), dtype=float32, numpy=2.5>].'),
    (lambda: L.MeanSquaredError()(np.ones((2, 2)), [np.ones(2), np.ones(2)]),
     "Structures don't have the same nested structure."),
    (lambda: L.MeanSquaredError(dtype='float64')([1., 2.], np.array([1.5, 2.5])),
     'Expected an instance of list, got <tf.Tensor: shape=(2,), dtype=float64, numpy=array([1.5, 2.5])>.'),
])
def test_loss_objects_refuse_lists_that_nest_otherwise(call, text):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == text


@pytest.mark.parametrize('call, value', [
    (lambda: L.MeanSquaredError()([[0., 1.]], [[0.5, 0.5]]), 0.25),
    (lambda: L.MeanSquaredError()([np.ones((2, 1)), np.zeros((2, 1))], [np.zeros((2, 1)), np.zeros((2, 1))]), 0.5),
    (lambda: L.BinaryCrossentropy()([[0., 1.], [0., 0.]], [[0.6, 0.4], [0.4, 0.6]]), 0.8149244785308838),
])
def test_loss_objects_compute_lists_that_nest_alike(call, value):
    assert float(call()) == pytest.approx(value, rel=1e-6)


@pytest.mark.parametrize('call, text', [
    (lambda: L.sparse_categorical_crossentropy([1, 0], np.array(LOGITS)), "'list' object has no attribute 'shape'"),
    (lambda: L.sparse_categorical_crossentropy(np.array([1, 0]), LOGITS), "'list' object has no attribute 'shape'"),
    (lambda: L.sparse_categorical_crossentropy(None, np.array(LOGITS)), "'NoneType' object has no attribute 'shape'"),
    (lambda: keras.metrics.SparseCategoricalCrossentropy().update_state([1, 0], np.array(LOGITS)),
     "'list' object has no attribute 'shape'"),
])
def test_sparse_categorical_crossentropy_function_reads_shapes_first(call, text):
    with pytest.raises(AttributeError) as info:
        call()
    assert str(info.value) == text


def test_sparse_categorical_crossentropy_function_takes_arrays():
    out = L.sparse_categorical_crossentropy(np.array([1, 0]), np.array(LOGITS, 'float32')).numpy()
    np.testing.assert_allclose(out, [0.35667497, 0.5108256], rtol=1e-6)
