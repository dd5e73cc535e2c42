"""A PyDataset's first on_epoch_end comes where Keras 3.15's EpochIterator.reset() calls it: as fit /
evaluate make their iterator, before any callback (so before fit's 'Epoch 1/N'), and as each validation
starts, before on_test_begin. tapeflow called it at the start of the first epoch's batches instead, after
on_train_begin / on_epoch_begin / on_test_begin. Expected order: TF 2.21 (progs/kerasguides27/n15).
"""
import numpy as np

from framework import keras


class Recording(keras.utils.PyDataset):
    def __init__(self, name, batches, events, **kwargs):
        super().__init__(**kwargs)
        self.name, self.batches, self.events = name, batches, events
        self.x = np.ones((batches * 4, 2), 'float32')
        self.y = np.ones((batches * 4, 1), 'float32')

    def __len__(self):
        return self.batches

    def __getitem__(self, i):
        self.events.append('%s getitem %d' % (self.name, i))
        return self.x[i * 4:(i + 1) * 4], self.y[i * 4:(i + 1) * 4]

    def on_epoch_begin(self):
        self.events.append('%s on_epoch_begin' % self.name)

    def on_epoch_end(self):
        self.events.append('%s on_epoch_end' % self.name)


class Hooks(keras.callbacks.Callback):
    def __init__(self, events):
        super().__init__()
        self.events = events

    def on_train_begin(self, logs=None):
        self.events.append('cb train_begin')

    def on_epoch_begin(self, epoch, logs=None):
        self.events.append('cb epoch_begin %d' % epoch)

    def on_epoch_end(self, epoch, logs=None):
        self.events.append('cb epoch_end %d' % epoch)

    def on_test_begin(self, logs=None):
        self.events.append('cb test_begin')

    def on_test_end(self, logs=None):
        self.events.append('cb test_end')

    def on_predict_begin(self, logs=None):
        self.events.append('cb predict_begin')

    def on_train_end(self, logs=None):
        self.events.append('cb train_end')


def _model():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


def test_fit_with_a_validation_pydataset():
    events = []
    _model().fit(Recording('train', 2, events), validation_data=Recording('val', 1, events), epochs=2, verbose=0,
                 callbacks=[Hooks(events)], shuffle=False)
    validation = ['val on_epoch_end', 'cb test_begin', 'val on_epoch_begin', 'val getitem 0', 'val on_epoch_end',
                  'cb test_end']
    assert events == (['train getitem 0', 'train getitem 1', 'train on_epoch_end', 'cb train_begin',
                       'cb epoch_begin 0', 'train on_epoch_begin', 'train getitem 0', 'train getitem 1',
                       'train on_epoch_end', 'val getitem 0'] + validation +
                      ['cb epoch_end 0', 'cb epoch_begin 1', 'train on_epoch_begin', 'train getitem 0',
                       'train getitem 1', 'train on_epoch_end'] + validation + ['cb epoch_end 1', 'cb train_end'])


def test_evaluate_resets_and_predict_does_not():
    events = []
    model = _model()
    model.evaluate(Recording('ev', 1, events), verbose=0, callbacks=[Hooks(events)])
    model.predict(Recording('pr', 1, events), verbose=0, callbacks=[Hooks(events)])
    assert events == ['ev getitem 0', 'ev on_epoch_end', 'cb test_begin', 'ev on_epoch_begin', 'ev getitem 0',
                      'ev on_epoch_end', 'cb test_end',
                      'pr getitem 0', 'cb predict_begin', 'pr on_epoch_begin', 'pr getitem 0', 'pr on_epoch_end']
