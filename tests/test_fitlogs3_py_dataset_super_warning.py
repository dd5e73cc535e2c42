"""A PyDataset subclass whose __init__ skips super().__init__(**kwargs) warns as fit / evaluate / predict start.

Golden text: /opt/tfref/bin/python (TF 2.21, Keras 3.15) fitting, evaluating and predicting on such a
PyDataset (fitlogs3 p41): one UserWarning per instance, from Keras's adapter reading ``workers``; the
defaults (1, False, 10) then stand in. A subclass that calls super().__init__ gets none.
"""
import warnings

import numpy as np

from framework import keras

KERAS_TEXT = ('Your `PyDataset` class should call `super().__init__(**kwargs)` in its constructor. `**kwargs` '
              'can include `workers`, `use_multiprocessing`, `max_queue_size`. Do not pass these arguments to '
              '`fit()`, as they will be ignored.')


class NoSuper(keras.utils.PyDataset):
    def __init__(self, batch_size):
        self.batch_size = batch_size

    def __len__(self):
        return 2

    def __getitem__(self, index):
        x = np.full((self.batch_size, 4), index, 'float32')
        return x, x[:, :1]


class WithSuper(NoSuper):
    def __init__(self, batch_size, **kwargs):
        super(NoSuper, self).__init__(**kwargs)
        self.batch_size = batch_size


def _model():
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


def _caught(run):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        run()
    return [(w.category, str(w.message)) for w in caught]


def test_fit_evaluate_and_predict_warn_once_per_instance_without_super():
    model = _model()
    for run in (lambda data: model.fit(data, epochs=2, verbose=0),
                lambda data: model.evaluate(data, verbose=0),
                lambda data: model.predict(data, verbose=0)):
        data = NoSuper(3)
        assert _caught(lambda: run(data)) == [(UserWarning, KERAS_TEXT)]
        assert _caught(lambda: run(data)) == []        # the defaults are set now
        assert (data.workers, data.use_multiprocessing, data.max_queue_size) == (1, False, 10)


def test_a_subclass_that_calls_super_does_not_warn():
    model = _model()
    data = WithSuper(3, workers=2, max_queue_size=4)
    assert _caught(lambda: model.fit(data, epochs=1, verbose=0)) == []
    assert (data.workers, data.use_multiprocessing, data.max_queue_size) == (2, False, 4)


def test_the_default_filter_shows_it_once_per_process_as_keras_does():
    # Keras attributes it to its own property's line, so a second instance's warning is a repeat
    model = _model()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        model.fit(NoSuper(3), epochs=1, verbose=0)
        model.fit(NoSuper(3), epochs=1, verbose=0)
    assert [str(w.message) for w in caught] == [KERAS_TEXT]


def test_setting_the_attributes_by_hand_counts_as_set():
    data = NoSuper(3)
    data.workers, data.use_multiprocessing, data.max_queue_size = 1, False, 10
    assert _caught(lambda: _model().predict(data, verbose=0)) == []
