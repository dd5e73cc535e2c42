"""keras.metrics.deserialize of a bare name, as Keras 3.15's deserialize_keras_object (TF 2.21 reference)."""
import pytest

from framework import keras


@pytest.mark.parametrize('name, expected', [('mse', 'MeanSquaredError'), ('mean_squared_error', 'MeanSquaredError'),
                                            ('MeanAbsoluteError', 'MeanAbsoluteError'), ('auc', 'AUC'),
                                            ('binary_crossentropy', 'BinaryCrossentropy')])
def test_metrics_deserialize_a_class_name_to_a_fresh_metric(name, expected):
    assert type(keras.metrics.deserialize(name)).__name__ == expected


@pytest.mark.parametrize('name', ['acc', 'huber', 'nope'])
def test_metrics_deserialize_returns_other_names_unchanged(name):
    # Keras 3's deserialize_keras_object: a name outside keras.metrics' objects is taken as already deserialized
    assert keras.metrics.deserialize(name) == name
