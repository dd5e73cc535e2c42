"""sparse_categorical_accuracy's array form (MeanMetricWrapper._update_by_form): on host arrays the
metric computes the function's matches without its ops; totals and counts must carry the function's
bits (labels cast to y_pred's dtype, argmax with Eigen's NaN rule, cast likewise), and anything else
(masks, bool labels, other ranks) must still run the function."""
import numpy as np
import pytest

import framework as tf
from framework import keras, metrics
from framework.losses.tensor_notes import set_keras_mask
import framework.metrics.accuracy_metrics as accuracy_metrics


def _predictions(rng, rows, classes, dtype):
    p = rng.standard_normal((rows, classes)).astype(dtype)
    if rows > 3 and classes > 1:
        p[0, :] = np.nan                     # no winner: class 0 (Eigen's ArgMax), numpy would say 0 too
        p[1, 1] = np.nan                     # a NaN never wins
        p[2, :] = p[2, 0]                    # ties: the first
        p[3, :] = -np.inf                    # nothing beats the lowest value: class 0
    return p


@pytest.mark.parametrize('label_dtype', ['int32', 'int64', 'float32', 'float64', 'uint8'])
@pytest.mark.parametrize('pred_dtype', ['float32', 'float64', 'float16'])
@pytest.mark.parametrize('rows,classes,column', [(8, 5, False), (8, 5, True), (6, 1, True), (0, 3, False),
                                                  (5, 300, False)])
@pytest.mark.parametrize('metric_dtype', [None, 'float64'])
def test_array_form_keeps_the_function_bits(label_dtype, pred_dtype, rows, classes, column, metric_dtype,
                                            monkeypatch):
    rng = np.random.default_rng(rows + classes)
    fast = metrics.SparseCategoricalAccuracy(dtype=metric_dtype)
    general = metrics.SparseCategoricalAccuracy(dtype=metric_dtype)
    general._values_form = None
    calls = []
    form = fast._values_form
    fast._values_form = lambda t, p: calls.append(1) or form(t, p)
    for _ in range(3):
        p = _predictions(rng, rows, classes, pred_dtype)
        labels = rng.integers(0, classes, (rows, 1) if column else rows).astype(label_dtype)
        if label_dtype.startswith('float') and rows > 5:
            labels[-1] = labels[-1] + 0.5          # a fractional label matches nothing
            labels[-2] = labels[-2] + 1e-12        # float64: y_pred's dtype rounds it to the class
        if rows > 3 and classes > 1:
            labels[1] = 1                          # the NaN's column: numpy's argmax would pick it
        expected = accuracy_metrics.sparse_categorical_accuracy(tf.constant(labels), tf.constant(p)).numpy()
        matches = form(labels, p)
        assert matches.dtype == expected.dtype and matches.shape == expected.shape
        assert matches.tobytes() == expected.tobytes()
        for y_true in (labels, tf.constant(labels)):
            fast.update_state(y_true, tf.constant(p))
            general.update_state(y_true, tf.constant(p))
    assert len(calls) == 6
    for a, b in ((fast.total, general.total), (fast.count, general.count)):
        assert a.dtype == b.dtype and a.numpy().tobytes() == b.numpy().tobytes()


def test_masks_bool_labels_and_other_ranks_run_the_function(monkeypatch):
    ran = []
    original = accuracy_metrics.sparse_categorical_accuracy
    metric = metrics.SparseCategoricalAccuracy()
    metric._fn = lambda *a: ran.append(1) or original(*a)
    p = tf.constant(np.float32([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]]))
    masked = tf.identity(p)
    set_keras_mask(masked, tf.constant([True, False, True]))
    metric.update_state(np.int32([1, 1, 0]), masked)         # masked: the second row does not count
    assert ran == [1] and metric.result().numpy() == 0.5
    metric.update_state(np.array([True, False, True]), p)
    metric.update_state(np.int32([[1, 0]]), tf.constant(np.float32([[[0.1, 0.9], [0.8, 0.2]]])))
    assert ran == [1, 1, 1]
    metric.update_state(np.int32([1, 0, 0]), p)              # the array form
    assert ran == [1, 1, 1]


def test_evaluate_and_fit_print_the_same_with_and_without_the_form(monkeypatch):
    def run():
        keras.utils.set_random_seed(5)
        model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation='relu'),
                                  keras.layers.Dense(4, activation='softmax')])
        model.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])
        rng = np.random.default_rng(1)
        x, y = rng.standard_normal((40, 6)).astype(np.float32), rng.integers(0, 4, 40).astype(np.int32)
        history = model.fit(x, y, epochs=2, batch_size=8, verbose=0).history
        tf.random.set_seed(None)
        return history, model.evaluate(x, y, batch_size=16, verbose=0)
    fast = run()
    monkeypatch.delattr(accuracy_metrics.sparse_categorical_accuracy, 'array_form')
    assert repr(fast) == repr(run())
