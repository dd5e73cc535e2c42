"""A built-in loss, metric, initializer, regularizer or constraint whose config does not fit its class
fails in Keras 3's words.

Keras 3's deserialize_keras_object wraps the TypeError of from_config: TF 2.21 prints (progs/kerasio44/p26.py)
    saving.deserialize_keras_object({'module': 'keras.metrics', 'class_name': 'Mean', 'config': {'bogus_arg': 1},
                                     'registered_name': None})
    TypeError: <class 'keras.src.metrics.reduction_metrics.Mean'> could not be deserialized properly. Please ensure
    that components that are Python object instances (layers, models, etc.) returned by `get_config()` are explicitly
    deserialized in the model's `from_config()` method.

    config={'module': 'keras.metrics', 'class_name': 'Mean', 'config': {'bogus_arg': 1}, 'registered_name': None}.

    Exception encountered: Mean.__init__() got an unexpected keyword argument 'bogus_arg'
and the same through keras.metrics.deserialize / get of {'class_name': 'Mean', 'config': {...}} (the dict shown in
the full form), for AUC ('keras.src.metrics.confusion_metrics.AUC'), MeanMetricWrapper without fn ("missing 1
required positional argument: 'fn'"), losses (Huber: 'keras.src.losses.losses.Huber'), initializers
('keras.src.initializers.random_initializers.GlorotUniform'), regularizers
('keras.src.regularizers.regularizers.L2') and constraints ('keras.src.constraints.constraints.MaxNorm', all from
progs/kerasio44/p25.py). tapeflow raised the bare TypeError of __init__.
"""
import pytest

from framework import keras

HEAD = (" could not be deserialized properly. Please ensure that components that are Python object instances (layers, "
        "models, etc.) returned by `get_config()` are explicitly deserialized in the model's `from_config()` method."
        "\n\nconfig=")


def _text(keras_class, family, class_name, inner, error):
    return ("<class '%s'>" % keras_class + HEAD + repr({'module': family, 'class_name': class_name, 'config': inner,
                                                        'registered_name': None})
            + '.\n\nException encountered: ' + error)


@pytest.mark.parametrize('family, class_name, keras_class, inner, error', [
    ('metrics', 'Mean', 'keras.src.metrics.reduction_metrics.Mean', {'bogus_arg': 1},
     "Mean.__init__() got an unexpected keyword argument 'bogus_arg'"),
    ('metrics', 'AUC', 'keras.src.metrics.confusion_metrics.AUC', {'name': 'auc', 'bogus': 2},
     "AUC.__init__() got an unexpected keyword argument 'bogus'"),
    ('metrics', 'MeanMetricWrapper', 'keras.src.metrics.reduction_metrics.MeanMetricWrapper', {'name': 'w'},
     "MeanMetricWrapper.__init__() missing 1 required positional argument: 'fn'"),
    ('losses', 'Huber', 'keras.src.losses.losses.Huber', {'bogus_arg': 1},
     "Huber.__init__() got an unexpected keyword argument 'bogus_arg'"),
    ('initializers', 'GlorotUniform', 'keras.src.initializers.random_initializers.GlorotUniform', {'bogus_arg': 1},
     "GlorotUniform.__init__() got an unexpected keyword argument 'bogus_arg'"),
    ('regularizers', 'L2', 'keras.src.regularizers.regularizers.L2', {'bogus_arg': 1},
     "L2.__init__() got an unexpected keyword argument 'bogus_arg'"),
    ('constraints', 'MaxNorm', 'keras.src.constraints.constraints.MaxNorm', {'bogus_arg': 1},
     "MaxNorm.__init__() got an unexpected keyword argument 'bogus_arg'"),
])
def test_keras_words_for_a_config_that_does_not_fit(family, class_name, keras_class, inner, error):
    expected = _text(keras_class, 'keras.' + family, class_name, inner, error)
    full = {'module': 'keras.' + family, 'class_name': class_name, 'config': inner, 'registered_name': None}
    module = getattr(keras, family)
    for call in (lambda: keras.saving.deserialize_keras_object(full), lambda: module.deserialize(full),
                 lambda: module.deserialize({'class_name': class_name, 'config': inner})):
        with pytest.raises(TypeError) as caught:
            call()
        assert str(caught.value) == expected


def test_a_users_metric_class_is_shown_as_python_prints_it():
    class Counter(keras.metrics.Metric):
        def __init__(self, step, name='counter', **kwargs):
            super().__init__(name=name, **kwargs)
            self.step = step

    config = {'class_name': 'Counter', 'config': {'name': 'c'}}
    # TF 2.21 (a script's class): "<class '__main__.Counter'> could not be deserialized properly. ...\n\n
    # config={'class_name': 'Counter', 'config': {'name': 'c'}}.\n\nException encountered: Counter.__init__()
    # missing 1 required positional argument: 'step'"
    with pytest.raises(TypeError, match=r"(?s)^<class '.*Counter'> could not be deserialized properly\. .*\n\n"
                                        r"config=\{'class_name': 'Counter', 'config': \{'name': 'c'\}\}\.\n\n"
                                        r"Exception encountered: .*missing 1 required positional argument: 'step'"):
        keras.metrics.deserialize(config, custom_objects={'Counter': Counter})


@pytest.mark.parametrize('family, class_name, inner, message', [
    ('losses', 'MeanSquaredError', {'reduction': 'bogus'}, r'^Invalid value for argument `reduction`\. Expected one of '),
    ('metrics', 'AUC', {'num_thresholds': 1},
     r'^Argument `num_thresholds` must be an integer > 1\. Received: num_thresholds=1'),
    ('initializers', 'VarianceScaling', {'scale': -1.0},
     r'^Argument `scale` must be positive float\. Received: scale=-1\.0'),
    ('regularizers', 'L2', {'l2': 'x'},
     r'^Invalid value for argument l2: expected a non-negative float\.Received: l2=x'),
])
def test_get_lets_the_class_own_value_error_through(family, class_name, inner, message):
    # TF 2.21 (progs/kerasio44/p27.py): get and deserialize both raise the class's ValueError; tapeflow's get
    # reworded it as "Could not interpret <kind> identifier: {...}"
    module = getattr(keras, family)
    for call in (module.get, module.deserialize):
        with pytest.raises(ValueError, match=message):
            call({'class_name': class_name, 'config': inner})
