"""keras.optimizers.schedules.deserialize of a config its class cannot be built from, and keras.optimizers.get of
an optimizer class, in TF 2.21's words (printed by TF 2.21, progs/errors36/deser.py, deser2.py):

    schedules.deserialize({'class_name': 'ExponentialDecay', 'config': {'initial_learning_rate': 0.1}})
    # TypeError: <class 'keras.src.optimizers.schedules.learning_rate_schedule.ExponentialDecay'> could not be
    #   deserialized properly. ... config={'module': 'keras.optimizers.schedules', 'class_name': 'ExponentialDecay',
    #   'config': {'initial_learning_rate': 0.1}, 'registered_name': None}. ... Exception encountered:
    #   ExponentialDecay.__init__() missing 2 required positional arguments: 'decay_steps' and 'decay_rate'
    keras.optimizers.get(keras.optimizers.SGD)
    # ValueError: Could not interpret optimizer identifier: <class 'keras.src.optimizers.sgd.SGD'>

tapeflow raised the bare TypeError of __init__ (and ValueError "deserialize: expected a dict" for a name), and
named the class <class 'optim.sgd.SGD'>.
"""
import re

import pytest

from framework import keras

S = keras.optimizers.schedules
_MIDDLE = (" could not be deserialized properly. Please ensure that components that are Python object instances "
           "(layers, models, etc.) returned by `get_config()` are explicitly deserialized in the model's "
           "`from_config()` method.\n\nconfig=")
_KERAS_CLASS = "<class 'keras.src.optimizers.schedules.learning_rate_schedule.%s'>"


def _first_part(error):
    return str(error).split('\n\nException encountered: ')[0]


@pytest.mark.parametrize('config, inner, missing', [
    ({'class_name': 'ExponentialDecay', 'config': {'initial_learning_rate': 0.1}}, {'initial_learning_rate': 0.1},
     "missing 2 required positional arguments: 'decay_steps' and 'decay_rate'"),
    ({'class_name': 'ExponentialDecay'}, None,
     "missing 3 required positional arguments: 'initial_learning_rate', 'decay_steps', and 'decay_rate'"),
    ('ExponentialDecay', None,
     "missing 3 required positional arguments: 'initial_learning_rate', 'decay_steps', and 'decay_rate'"),
])
def test_built_in_schedule_that_cannot_be_built(config, inner, missing):
    with pytest.raises(TypeError) as caught:
        S.deserialize(config)
    shown = {'module': 'keras.optimizers.schedules', 'class_name': 'ExponentialDecay', 'config': inner,
             'registered_name': None}
    assert _first_part(caught.value) == _KERAS_CLASS % 'ExponentialDecay' + _MIDDLE + '%s.' % (shown,)
    assert str(caught.value).split('\n\nException encountered: ')[1].startswith('ExponentialDecay.__init__() ' + missing)


def test_unknown_argument_of_a_built_in_schedule():
    config = {'class_name': 'CosineDecay', 'config': {'x': 1}}
    with pytest.raises(TypeError, match=re.escape("Exception encountered: CosineDecay.__init__() got an unexpected "
                                                  "keyword argument 'x'")) as caught:
        S.deserialize(config)
    assert _first_part(caught.value).startswith(_KERAS_CLASS % 'CosineDecay' + _MIDDLE)
    assert S.deserialize({'class_name': 'CosineDecay',
                          'config': {'initial_learning_rate': 0.1, 'decay_steps': 10}}).decay_steps == 10


def test_user_schedule_is_named_and_shown_as_given():
    class MySched(S.LearningRateSchedule):
        def __init__(self, rate):
            self.rate = rate

        def __call__(self, step):
            return self.rate

        def get_config(self):
            return {'rate': self.rate}

    config = {'class_name': 'MySched', 'config': {}}
    with pytest.raises(TypeError) as caught:
        S.deserialize(config, custom_objects={'MySched': MySched})
    assert _first_part(caught.value) == '%s%s%s.' % (MySched, _MIDDLE, config)
    assert S.deserialize({'class_name': 'MySched', 'config': {'rate': 0.5}}, custom_objects={'MySched': MySched}).rate == 0.5


@pytest.mark.parametrize('name, module', [('SGD', 'sgd'), ('RMSprop', 'rmsprop'), ('AdamW', 'adamw'),
                                          ('LossScaleOptimizer', 'loss_scale_optimizer')])
def test_optimizer_class_given_to_get(name, module):
    with pytest.raises(ValueError) as caught:
        keras.optimizers.get(getattr(keras.optimizers, name))
    assert str(caught.value).split('\n')[0] == (
        "Could not interpret optimizer identifier: <class 'keras.src.optimizers.%s.%s'>" % (module, name))
