"""keras.metrics.deserialize / get and load_model of a metric class that is not registered, as TF 2.21.

Keras 3's deserialize_keras_object refuses a class saved from __main__ (module None) with a TypeError,
and hands any other unknown class name back as the name (a legacy .h5 entry {'class_name': 'MyMetric',
'config': {...}}); compile then refuses the name when it builds the metrics, so a .h5 model compiled
with an unregistered custom metric loads and fails at evaluate. tapeflow raised ValueError 'Could not
interpret metric config ...' from deserialize and SavedFileError 'cannot restore the compile arguments'
from load_model.

Values printed by TF 2.21 / Keras 3.15 (/work/notes/progs/metrics7/c5.py, c7.py):
  keras.metrics.deserialize({'module': None, 'class_name': 'MyMetric', 'config': {...}, 'registered_name':
      'MyMetric'}) -> TypeError 'Cannot deserialize object of type `MyMetric`. If `MyMetric` is a custom
      class, please register it using the `@keras.saving.register_keras_serializable()` decorator.'
  keras.metrics.deserialize({'class_name': 'MyMetric', 'config': {...}}) -> 'MyMetric'
  keras.metrics.get(the same dict) -> ValueError "Could not interpret metric identifier: {'class_name': ...}"
  load_model('m.h5') -> metrics_names ['loss', 'compile_metrics']; evaluate -> ValueError
      'Could not interpret metric identifier: MyMetric'
"""
import os

import numpy as np
import pytest

import framework as tf
from framework import keras

CONFIG = {'name': 'my_metric', 'dtype': 'float32'}


class MyMetric(keras.metrics.Metric):
    def __init__(self, name='my_metric', **kwargs):
        super().__init__(name=name, **kwargs)
        self.total = self.add_variable(shape=(), initializer='zeros', name='total')

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.total.assign_add(tf.reduce_sum(y_pred))

    def result(self):
        return self.total


def test_unregistered_class_from_main_is_refused_with_keras_type_error():
    config = {'module': None, 'class_name': 'MyMetric', 'config': CONFIG, 'registered_name': 'MyMetric'}
    with pytest.raises(TypeError) as info:
        keras.metrics.deserialize(config)
    assert str(info.value) == ('Cannot deserialize object of type `MyMetric`. If `MyMetric` is a custom class, '
                               'please register it using the `@keras.saving.register_keras_serializable()` '
                               'decorator.')


def test_legacy_dict_of_unknown_class_comes_back_as_its_name_and_get_refuses_it():
    config = {'class_name': 'MyMetric', 'config': CONFIG}
    assert keras.metrics.deserialize(config) == 'MyMetric'
    with pytest.raises(ValueError) as info:
        keras.metrics.get(config)
    assert str(info.value) == ("Could not interpret metric identifier: "
                               "{'class_name': 'MyMetric', 'config': {'name': 'my_metric', 'dtype': 'float32'}}")
    # a class that is given still deserializes
    assert isinstance(keras.metrics.deserialize(config, custom_objects={'MyMetric': MyMetric}), MyMetric)


def test_h5_model_with_unregistered_metric_loads_and_fails_at_evaluate(tmp_path):
    keras.backend.clear_session()
    x = np.random.RandomState(0).rand(8, 3).astype('float32')
    y = np.ones((8, 1), 'float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile('adam', 'binary_crossentropy', metrics=['accuracy', MyMetric()])
    model.fit(x, y, verbose=0)
    path = os.path.join(tmp_path, 'm.h5')
    model.save(path)
    loaded = keras.models.load_model(path)
    assert loaded.metrics_names == ['loss', 'compile_metrics']
    with pytest.raises(ValueError) as info:
        loaded.evaluate(x, y, verbose=0)
    assert str(info.value) == 'Could not interpret metric identifier: MyMetric'
    again = keras.models.load_model(path, custom_objects={'MyMetric': MyMetric})
    assert sorted(again.evaluate(x, y, verbose=0, return_dict=True)) == ['accuracy', 'loss', 'my_metric']


def test_unknown_function_entry_comes_back_as_its_name_but_a_keras_file_refuses_it(tmp_path):
    # TF 2.21 (c7.py, c10.py): keras.metrics.deserialize of an unknown function entry -> 'fmet';
    # load_model('m.keras') of a model compiled with metrics=[fmet] and no custom_objects -> TypeError
    # "Could not locate function 'fmet'. ..."; with custom_objects it evaluates.
    entry = {'module': 'builtins', 'class_name': 'function', 'config': 'fmet', 'registered_name': 'function'}
    assert keras.metrics.deserialize(entry) == 'fmet'

    def fmet(y_true, y_pred):
        return tf.reduce_mean(y_pred, axis=-1)

    keras.backend.clear_session()
    x = np.random.RandomState(0).rand(8, 3).astype('float32')
    y = np.ones((8, 1), 'float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile('adam', 'binary_crossentropy', metrics=['mae', fmet])
    model.fit(x, y, verbose=0)
    path = os.path.join(tmp_path, 'm.keras')
    model.save(path)
    with pytest.raises(TypeError) as info:
        keras.models.load_model(path)
    assert str(info.value).startswith("Could not locate function 'fmet'. Make sure custom classes")
    again = keras.models.load_model(path, custom_objects={'fmet': fmet})
    assert sorted(again.evaluate(x, y, verbose=0, return_dict=True)) == ['fmet', 'loss', 'mae']
