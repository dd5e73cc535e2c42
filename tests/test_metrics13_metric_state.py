"""Metric state and result dtypes found by the metrics13 sweep (/work/notes/progs/metrics13/metrics_sweep.py
against TF 2.21 + Keras 3.15): AUC's multi-label result takes its label weights' dtype, AUC's config gives
its explicit thresholds as numpy float64s, and F1Score / FBetaScore make their variables before a
batch's shape check fails (Keras builds them first), so result() afterwards is zeros, not an error.

Golden values: /work/notes/progs/metrics13/gold2.py under /opt/tfref (Keras 3.15).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

Y_TRUE = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]], 'float64')
Y_PRED = np.array([[0.9, 0.2, 0.6], [0.3, 0.7, 0.4], [0.6, 0.4, 0.2], [0.1, 0.55, 0.8]], 'float64')


@pytest.mark.parametrize('dtype, kwargs, expected, result_dtype', [
    ('float32', {'multi_label': True, 'num_thresholds': 5}, 0.8928571343421936, 'float32'),
    ('float64', {'multi_label': True, 'num_thresholds': 5}, 0.8928571428571429, 'float64'),
    ('float32', {'multi_label': True, 'curve': 'PR'}, 0.9420763850212097, 'float32'),
    ('float64', {'multi_label': True, 'curve': 'PR'}, 0.9420764105660575, 'float64'),
    # pooled: the weights go into the float32 counts, the result stays float32
    ('float64', {'num_thresholds': 5}, 0.8777777552604675, 'float32'),
])
def test_auc_label_weights_set_the_multi_label_result_dtype(dtype, kwargs, expected, result_dtype):
    metric = keras.metrics.AUC(label_weights=[0.5, 1.0, 2.0], dtype=dtype, **kwargs)
    metric.update_state(Y_TRUE, Y_PRED)
    result = metric.result()
    assert result.dtype == result_dtype
    assert float(result) == expected


def test_auc_config_thresholds_are_numpy_float64s():
    thresholds = keras.metrics.AUC(thresholds=[0.5, 0.25]).get_config()['thresholds']
    assert thresholds == [0.25, 0.5] and all(type(t) is np.float64 for t in thresholds)
    assert repr(thresholds) == '[np.float64(0.25), np.float64(0.5)]'


@pytest.mark.parametrize('metric', [keras.metrics.F1Score, lambda **kw: keras.metrics.FBetaScore(beta=2.0, **kw)])
def test_fbeta_variables_exist_after_a_failed_first_batch(metric):
    m = metric(average='macro')
    with pytest.raises(ValueError, match='variable.assign'):
        m.update_state(Y_TRUE, Y_PRED, sample_weight=np.ones((4, 1)))     # (4, 1) weights broadcast to (4, 3)
    assert [(v.path, tuple(v.shape), v.dtype) for v in m.variables] == [
        (m.name + '/true_positives', (3,), 'float32'), (m.name + '/false_positives', (3,), 'float32'),
        (m.name + '/false_negatives', (3,), 'float32'), (m.name + '/intermediate_weights', (3,), 'float32')]
    assert float(m.result()) == 0.0
    m.update_state(Y_TRUE, Y_PRED)
    if m.name == 'f1_score':
        assert float(m.result()) == 0.7222221493721008      # Keras 3.15


def test_auc_label_weights_are_a_tensor_in_the_config():
    metric = keras.metrics.AUC(label_weights=[0.1, 0.2, 0.3, 0.4], dtype='float64')
    weights = metric.get_config()['label_weights']
    assert isinstance(weights, tf.Tensor) and weights.dtype == 'float64'
    assert repr(keras.metrics.AUC(label_weights=[0.1, 0.2]).get_config()['label_weights']) == \
        '<tf.Tensor: shape=(2,), dtype=float32, numpy=array([0.1, 0.2], dtype=float32)>'    # Keras 3.15's repr
    assert keras.metrics.serialize(keras.metrics.AUC(label_weights=[0.5, 0.25]))['config']['label_weights'] == \
        {'class_name': '__tensor__', 'config': {'value': [0.5, 0.25], 'dtype': 'float32'}}


def test_a_model_compiled_with_weighted_auc_saves_and_fails_to_load_as_keras(tmp_path):
    # Keras 3.15 files the weights as a '__tensor__' entry and, loading, hands that dict to AUC(), whose
    # conversion to a tensor raises ValueError (/work/notes/progs/metrics13/aucser.py)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4, activation='sigmoid')])
    model.compile('sgd', 'binary_crossentropy', metrics=[keras.metrics.AUC(label_weights=[0.1, 0.2, 0.3, 0.4],
                                                                            multi_label=True)])
    path = str(tmp_path / 'weighted_auc.keras')
    model.save(path)
    with pytest.raises(ValueError, match='unsupported type'):
        keras.models.load_model(path)


def test_multi_label_auc_has_no_result_before_its_first_batch():
    # Keras 3.15: AttributeError "'AUC' object has no attribute 'true_positives'" (reset_state is a no-op)
    metric = keras.metrics.AUC(multi_label=True)
    metric.reset_state()
    with pytest.raises(AttributeError, match="'AUC' object has no attribute 'true_positives'"):
        metric.result()


def test_categorical_hinge_of_an_empty_batch_is_keras_max_error():
    # Keras 3.15's ops.max asserts a non-empty input (eagerly): InvalidArgumentError
    with pytest.raises(tf.errors.InvalidArgumentError, match='Cannot compute the max of an empty tensor'):
        keras.losses.categorical_hinge(np.zeros((0, 3), 'float32'), np.zeros((0, 3), 'float32'))
    with pytest.raises(tf.errors.InvalidArgumentError, match='Cannot compute the max of an empty tensor'):
        keras.metrics.CategoricalHinge()(np.zeros((0, 3), 'float32'), np.zeros((0, 3), 'float32'))
