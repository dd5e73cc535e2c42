"""framework.metrics against Keras 3.

Every expected number below was computed with keras 3.15 on TensorFlow 2.21
(/opt/tfref) by the same sequence of update_state calls on the same inputs,
and pasted as a literal; float32 results agree to float32 rounding.
"""
import numpy as np
import pytest

import framework as tf
from framework import metrics
from framework.tensor import Tensor


def _close(value, expected):
    assert isinstance(value, Tensor) and value.dtype == np.float32
    np.testing.assert_allclose(value.numpy(), expected, rtol=2e-6, atol=1e-7)


def test_mean_accumulates_weights_and_resets():
    m = metrics.Mean()
    m.update_state([1., 3., 5., 7.])
    _close(m.result(), 4.0)
    m.update_state([2., 4.], sample_weight=[1., 0.])
    _close(m.result(), 3.5999999046325684)
    m.update_state(np.array([[1., 2.], [3., 4.]]))            # two samples, each its row mean
    _close(m.result(), 3.2857143878936768)
    m.update_state(np.array([[1., 2.], [3., 4.]]), sample_weight=np.array([[1., 0.], [1., 1.]]))
    _close(m.result(), 3.1764705181121826)
    m.update_state(10.0)
    _close(m.result(), 3.8947367668151855)
    m.update_state([1., 3., 5., 7.], sample_weight=2.0)
    _close(m.result(), 3.91304349899292)
    np.testing.assert_allclose([v.numpy() for v in m.variables], [45., 11.5])
    m.reset_state()
    _close(m.result(), 0.0)


def test_sum():
    s = metrics.Sum()
    s.update_state([1., 3., 5., 7.])
    s.update_state([1., 3.], sample_weight=[0.5, 2.])
    _close(s.result(), 22.5)
    s.update_state(np.array([[1., 2.], [3., 4.]]))
    _close(s.result(), 32.5)


YT = np.array([[0., 1.], [0., 0.], [1., 1.]])
YP = np.array([[1., 1.], [1., 0.], [0.5, 3.]], np.float32)


@pytest.mark.parametrize('cls, first, second', [
    (metrics.MeanSquaredError, 1.0416666269302368, 1.4722222089767456),
    (metrics.MeanAbsoluteError, 0.75, 0.9444444179534912),
    (metrics.RootMeanSquaredError, 1.0206207036972046, 1.2133516073226929),
    (metrics.MeanSquaredLogarithmicError, 0.25401994585990906, 0.388771653175354),
    (metrics.MeanAbsolutePercentageError, 333333376.0, 555555584.0),
    (metrics.LogCoshError, 0.3854464590549469, 0.5259959697723389),
    (metrics.CosineSimilarity, 0.5069467425346375, 0.49509933590888977),
])
def test_regression_metrics_over_weighted_batches(cls, first, second):
    m = cls()
    m.update_state(YT, YP)
    _close(m.result(), first)
    m.update_state(YT[:2], YP[:2] * 2, sample_weight=[1., 0.5])
    _close(m.result(), second)
    m.reset_state()
    _close(m.result(), 0.0)


def test_seed_usage():
    # The training loop of the issue: a float64 numpy target against a float32 tensor prediction.
    mean_loss = metrics.Mean()
    tracked = [metrics.MeanAbsoluteError()]
    y_batch = np.array([[1.], [2.], [4.]])
    y_pred = tf.constant(np.array([[1.5], [1.], [4.25]], np.float32))
    mean_loss(tf.reduce_mean(tf.square(y_pred - tf.cast(y_batch, tf.float32))))
    for metric in tracked:
        metric(y_batch, y_pred)
        metric(y_batch[:2], y_pred[:2] + 1.)
    lines = [f'{m.name}: {m.result():.4f}' for m in [mean_loss] + tracked]
    assert lines == ['mean: 0.4375', 'mean_absolute_error: 0.6500']     # Keras: 0.6499999761581421
    tracked[0].reset_states()
    assert float(tracked[0].result()) == 0.0


def test_updates_inside_a_tape_record_nothing():
    w = tf.Variable([[0.5]])
    m = metrics.MeanSquaredError()
    with tf.GradientTape() as tape:
        y_pred = tf.constant([[1.], [2.]]) * w
        recorded = len(tape._nodes)
        m.update_state([[1.], [1.]], y_pred)
        metrics.Mean()(y_pred)
        assert len(tape._nodes) == recorded
        loss = tf.reduce_sum(y_pred)
    np.testing.assert_allclose(tape.gradient(loss, w).numpy(), [[3.]])


def test_state_is_non_trainable_variables_named_after_the_metric():
    m = metrics.Mean()
    assert [v.path for v in m.variables] == ['mean/total', 'mean/count']
    assert all(isinstance(v, tf.Variable) and not v.trainable for v in m.variables)
    assert m.dtype == 'float32'
    assert metrics.RootMeanSquaredError().variables[0].path == 'root_mean_squared_error/total'


# ---- accuracy ---------------------------------------------------------------------------------
def test_accuracy_metrics_over_batches():
    _close(metrics.Accuracy()([[1], [2], [3], [4]], [[0], [2], [3], [4]]), 0.75)
    binary = metrics.BinaryAccuracy()
    binary.update_state([[1], [1], [0], [0]], [[0.98], [1], [0], [0.6]])
    _close(binary.result(), 0.75)
    binary.update_state([[1], [0]], [[0.4], [0.2]], sample_weight=[1., 3.])
    _close(binary.result(), 0.75)
    _close(metrics.BinaryAccuracy(threshold=0.7)([1., 1., 0., 0.], [0.98, 0.6, 0., 0.8]), 0.5)
    _close(metrics.BinaryAccuracy()(np.array([1., 0., 1.]), np.array([[0.7], [0.6], [0.2]])), 0.3333333432674408)
    categorical = metrics.CategoricalAccuracy()
    categorical.update_state([[0, 0, 1], [0, 1, 0]], [[0.1, 0.9, 0.8], [0.05, 0.95, 0]])
    _close(categorical.result(), 0.5)
    categorical.update_state([[0, 0, 1], [0, 1, 0]], [[0.1, 0.2, 0.8], [0.5, 0.45, 0.05]], sample_weight=[0.7, 0.3])
    _close(categorical.result(), 0.5666666626930237)
    sparse = metrics.SparseCategoricalAccuracy()
    sparse.update_state([[2], [1]], [[0.1, 0.6, 0.3], [0.05, 0.95, 0]])
    _close(sparse.result(), 0.5)
    sparse.update_state([2, 1], [[0.1, 0.2, 0.7], [0.5, 0.45, 0.05]], sample_weight=[0.7, 0.3])
    _close(sparse.result(), 0.5666666626930237)


def test_top_k_accuracy_counts_ties_as_in():
    top1 = metrics.TopKCategoricalAccuracy(k=1)
    top1.update_state([[0, 0, 1], [0, 1, 0]], [[0.1, 0.9, 0.8], [0.05, 0.95, 0]])
    _close(top1.result(), 0.5)
    top2 = metrics.TopKCategoricalAccuracy(k=2)
    top2.update_state([[0, 0, 1], [0, 1, 0]], [[0.1, 0.9, 0.8], [0.05, 0.95, 0]], sample_weight=[0.7, 0.3])
    _close(top2.result(), 1.0)
    sparse = metrics.SparseTopKCategoricalAccuracy(k=1)
    sparse.update_state([2, 1], [[0.1, 0.9, 0.8], [0.05, 0.95, 0]])
    _close(sparse.result(), 0.5)
    sparse.update_state([0, 2], [[0.5, 0.5, 0.1], [0.3, 0.3, 0.4]])   # a tie at the top counts as in
    _close(sparse.result(), 0.75)
    _close(metrics.SparseTopKCategoricalAccuracy()([0, 6], np.arange(14., dtype='float32').reshape(2, 7)), 0.5)
    # TensorFlow's in_top_k: a non-finite score in the row, or a label out of range, is a miss.
    _close(metrics.sparse_top_k_categorical_accuracy([1, 2, 9], [[np.nan, 0.5, 0.4], [0.1, 0.2, 0.3],
                                                                [0.1, 0.2, 0.3]], k=1), [0., 1., 0.])


def test_accuracy_functions():
    _close(metrics.binary_accuracy([[1.], [0.]], [[0.7], [0.7]]), [[1.], [0.]])
    _close(metrics.categorical_accuracy([[0, 1.], [1., 0]], [[0.3, 0.7], [0.3, 0.7]]), [1., 0.])
    _close(metrics.sparse_categorical_accuracy([[1], [0]], [[0.3, 0.7], [0.3, 0.7]]), [1., 0.])
    _close(metrics.top_k_categorical_accuracy([[0, 0, 1.], [1., 0, 0]], [[0.3, 0.7, 0.1], [0.3, 0.6, 0.1]], k=2),
           [0., 1.])


def test_crossentropy_metrics():
    bce = metrics.BinaryCrossentropy(from_logits=True)
    bce.update_state([[0., 1.], [1., 0.]], [[-1., 2.], [0.5, 0.3]])
    _close(bce.result(), 0.44215551018714905)
    scce = metrics.SparseCategoricalCrossentropy()
    # arrays: Keras 3.15's function reads y_true.shape first, so its docstring's lists raise AttributeError in TF 2.21
    scce.update_state(np.array([1, 2]), np.array([[0.05, 0.95, 0], [0.1, 0.8, 0.1]]))
    _close(scce.result(), 1.1769392490386963)


# ---- lookup, compile rules, configs -----------------------------------------------------------
@pytest.mark.parametrize('identifier, cls, name', [
    # ('acc' is no name keras.metrics.get knows in Keras 3.15: only compile resolves it)
    ('accuracy', metrics.Accuracy, 'accuracy'),
    ('mse', metrics.MeanSquaredError, 'mean_squared_error'), ('mae', metrics.MeanAbsoluteError, 'mean_absolute_error'),
    ('mean_squared_error', metrics.MeanSquaredError, 'mean_squared_error'),
    ('mean_absolute_error', metrics.MeanAbsoluteError, 'mean_absolute_error'),
    ('root_mean_squared_error', metrics.RootMeanSquaredError, 'root_mean_squared_error'),
    ('binary_accuracy', metrics.BinaryAccuracy, 'binary_accuracy'),
    ('categorical_accuracy', metrics.CategoricalAccuracy, 'categorical_accuracy'),
    ('sparse_categorical_accuracy', metrics.SparseCategoricalAccuracy, 'sparse_categorical_accuracy'),
    ('top_k_categorical_accuracy', metrics.TopKCategoricalAccuracy, 'top_k_categorical_accuracy'),
    ('BinaryAccuracy', metrics.BinaryAccuracy, 'binary_accuracy'),
])
def test_get_by_name(identifier, cls, name):
    metric = metrics.get(identifier)
    assert type(metric) is cls and metric.name == name


def test_get_objects_and_unknown_names():
    m = metrics.MeanAbsoluteError()
    assert metrics.get(m) is m
    assert metrics.get(metrics.binary_accuracy) is metrics.binary_accuracy
    assert metrics.get(None) is None
    with pytest.raises(ValueError) as err:     # Keras 3's text, the valid names as a note
        metrics.get('rmse')
    assert str(err.value) == 'Could not interpret metric identifier: rmse'
    assert 'root_mean_squared_error' in err.value.__notes__[0]


@pytest.mark.parametrize('true_shape, pred_shape, cls', [
    ((4,), (4, 1), metrics.BinaryAccuracy), ((4, 1), (4, 1), metrics.BinaryAccuracy),
    ((4,), (4, 3), metrics.SparseCategoricalAccuracy), ((4, 1), (4, 3), metrics.SparseCategoricalAccuracy),
    ((4, 3), (4, 3), metrics.CategoricalAccuracy), ((4,), (4,), metrics.CategoricalAccuracy),
])
def test_resolve_accuracy_follows_keras_3_shapes(true_shape, pred_shape, cls):
    # Checked against keras.src.trainers.compile_utils.get_metric('acc', ...) for each pair.
    metric = metrics.resolve_accuracy('mse', true_shape, pred_shape, name='acc')
    assert type(metric) is cls and metric.name == 'acc'


def test_compile_metric_names_like_keras():
    assert metrics.compile_metric('mse', (4, 1), (4, 1)).name == 'mse'
    wrapped = metrics.compile_metric(metrics.mean_absolute_error, (4, 1), (4, 1))
    assert type(wrapped) is metrics.MeanMetricWrapper and wrapped.name == 'mean_absolute_error'
    assert type(metrics.compile_metric('accuracy', (4,), (4, 3))) is metrics.SparseCategoricalAccuracy


def test_configs_round_trip():
    assert metrics.Mean().get_config() == {'name': 'mean', 'dtype': 'float32'}
    assert metrics.BinaryAccuracy().get_config() == {'name': 'binary_accuracy', 'dtype': 'float32', 'threshold': 0.5}
    top = metrics.deserialize(metrics.serialize(metrics.SparseTopKCategoricalAccuracy(k=2, name='top2')))
    assert top.k == 2 and top.name == 'top2'
    wrapper = metrics.MeanMetricWrapper.from_config(
        metrics.MeanMetricWrapper(metrics.binary_accuracy, name='b', threshold=0.7).get_config())
    # Keras 3.15 writes the function as serialize_keras_object does
    assert wrapper.get_config() == {'name': 'b', 'dtype': 'float32', 'threshold': 0.7,
                                    'fn': {'module': 'builtins', 'class_name': 'function',
                                           'config': 'binary_accuracy', 'registered_name': 'function'}}


def test_bad_input_names_the_metric_and_shapes():
    # TF 2.21's BroadcastTo kernel text (Keras broadcasts the weights); tapeflow's sentence is a note
    with pytest.raises(ValueError, match=r'Incompatible shapes: \[3\] vs. \[2\] \[Op:BroadcastTo\]') as info:
        metrics.Mean().update_state([1., 2.], sample_weight=[1., 2., 3.])
    assert 'mean: sample_weight of shape (3,) does not broadcast to the values of shape (2,); give one weight ' \
        'per sample' in info.value.__notes__
    with pytest.raises(ValueError, match=r'mean_absolute_error.*\(2, 3\).*\(2, 2\)'):
        metrics.MeanAbsoluteError().update_state(np.ones((2, 3)), np.ones((2, 2)))
    # TF 2.21's InTopKV2 kernel text; tapeflow's sentence is a note (errors10)
    with pytest.raises(tf.errors.InvalidArgumentError, match='First dimension of predictions 2 must match length of '
                       r'targets 3[\s\S]*sparse_top_k_categorical_accuracy.*\(3,\).*\(2, 4\)'):
        metrics.sparse_top_k_categorical_accuracy([0, 1, 2], np.ones((2, 4), 'float32'))
    # TF 2.21: Keras's bare NotImplementedError; tapeflow's sentence is a note
    with pytest.raises(NotImplementedError) as info:
        metrics.Metric().update_state(1.0)
    assert str(info.value) == '' and info.value.__notes__ == ['Metric must override update_state(...)']


def test_accumulators_stay_on_the_backend_device(backend):
    m = metrics.MeanAbsoluteError()
    y_pred = tf.constant([[1.], [2.]])
    m.update_state(tf.constant([[1.5], [2.]]), y_pred)
    assert all(backend.holds(v) for v in m.variables)
    assert backend.holds(m.result())
    np.testing.assert_allclose(float(m.result()), 0.25)
