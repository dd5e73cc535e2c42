"""keras.metrics.get / deserialize of a dict naming a metric by its table name ('mse', 'accuracy', 'auc') with
a config the class refuses: Keras 3 rebuilds the config from the class it found (serialize_with_public_class),
so TF 2.21's TypeError shows the class's public name in the config it prints."""
import pytest

from framework import keras


@pytest.mark.parametrize('fn', ['get', 'deserialize'])
@pytest.mark.parametrize('name, cls, module', [
    ('mse', 'MeanSquaredError', 'regression_metrics'),
    ('mean_squared_error', 'MeanSquaredError', 'regression_metrics'),
    ('accuracy', 'Accuracy', 'accuracy_metrics'),
    ('binary_accuracy', 'BinaryAccuracy', 'accuracy_metrics'),
    ('auc', 'AUC', 'confusion_metrics'),
])
def test_refused_config_shows_public_class_name(fn, name, cls, module):
    with pytest.raises(TypeError) as err:
        getattr(keras.metrics, fn)({'class_name': name, 'config': {'a': 1}})
    # TF 2.21 gives "<class 'keras.src.metrics.regression_metrics.MeanSquaredError'> could not be deserialized
    # properly. ... config={'module': 'keras.metrics', 'class_name': 'MeanSquaredError', 'config': {'a': 1},
    # 'registered_name': None}. ..."
    text = str(err.value)
    assert text.startswith("<class 'keras.src.metrics.%s.%s'> could not be deserialized properly." % (module, cls))
    assert ("config={'module': 'keras.metrics', 'class_name': '%s', 'config': {'a': 1}, 'registered_name': None}."
            % cls) in text
