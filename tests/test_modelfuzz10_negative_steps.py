"""A negative step count with arrays (given a batch_size) or a PyDataset: Keras 3's epoch iterator reads
it as 'until the input runs out', of a length it does not know (TF 2.21, keras/src/trainers/epoch_iterator.py).
Every batch trains, one more step is begun that finds no batch (its traced step still advances the
optimizer's iterations), the ran-out warning comes, and callbacks see params['steps'] as given.
Golden values printed by TF 2.21 (/work/notes/progs/modelfuzz10/a01.py, a02.py, p01.py, a03.py)."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.random.RandomState(0).rand(20, 3).astype('float32')
Y = X.sum(1, keepdims=True)


class Hooks(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.seen = []

    def on_train_begin(self, logs=None):
        self.seen.append(('params', dict(self.params)))

    def on_train_batch_begin(self, batch, logs=None):
        self.seen.append(('bb', batch, int(self.model.optimizer.iterations)))

    def on_test_batch_begin(self, batch, logs=None):
        self.seen.append(('tb', batch))

    def on_predict_batch_begin(self, batch, logs=None):
        self.seen.append(('pb', batch))


class ThreeBatches(keras.utils.PyDataset):
    def __init__(self):
        super().__init__()

    def __len__(self):
        return 3

    def __getitem__(self, i):
        return X[i * 8:(i + 1) * 8], Y[i * 8:(i + 1) * 8]


def sgd_model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


def begun(hooks, kind):
    return [entry[1] for entry in hooks.seen if entry[0] == kind]


@pytest.mark.parametrize('steps', [-1, -5])
def test_arrays_with_a_negative_steps_per_epoch_train_every_batch_and_begin_one_more(steps):
    # TF 2.21: {'loss': [0.7510948181152344, 0.6245735287666321]}, params steps -1, kernel
    # [-0.53892475 0.9309215 1.1214546] (the same as steps_per_epoch=None), evaluate 0.5450915098190308
    model, hooks = sgd_model(), Hooks()
    with pytest.warns(UserWarning, match='Your input ran out of data'):
        history = model.fit(X, Y, batch_size=8, epochs=2, steps_per_epoch=steps, verbose=0, callbacks=[hooks])
    assert hooks.seen[0] == ('params', {'verbose': 0, 'epochs': 2, 'steps': steps})
    assert history.params['steps'] == steps
    assert [e[1:] for e in hooks.seen if e[0] == 'bb'] == [(0, 0), (1, 1), (2, 2), (3, 3), (0, 4), (1, 5), (2, 6), (3, 7)]
    assert history.history == {'loss': [0.7510948181152344, 0.6245735287666321]}
    np.testing.assert_array_equal(model.layers[0].kernel.numpy().ravel(),
                                  np.array([-0.53892475, 0.9309215, 1.1214546], 'float32'))
    hooks = Hooks()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        assert model.evaluate(X, Y, batch_size=8, steps=steps, verbose=0, callbacks=[hooks]) == 0.5450915098190308
        assert model.predict(X, batch_size=8, steps=steps, verbose=0, callbacks=[hooks]).shape == (20, 1)
    assert begun(hooks, 'tb') == [0, 1, 2, 3] and begun(hooks, 'pb') == [0, 1, 2, 3]


def test_a_py_dataset_with_a_negative_steps_per_epoch_reads_as_of_unknown_length():
    # TF 2.21: begins 0 1 2 3 per epoch, iterations 8, {'loss': [0.750871479511261, 0.6193064451217651]},
    # params steps -1; evaluate(steps=-1) begins 0 1 2 3 and gives 0.5522485971450806
    model, hooks = sgd_model(), Hooks()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        history = model.fit(ThreeBatches(), epochs=2, steps_per_epoch=-1, verbose=0, callbacks=[hooks])
        assert history.params['steps'] == -1
        assert [e[1:] for e in hooks.seen if e[0] == 'bb'] == [(0, 0), (1, 1), (2, 2), (3, 3),
                                                               (0, 4), (1, 5), (2, 6), (3, 7)]
        assert history.history == {'loss': [0.750871479511261, 0.6193064451217651]}
        hooks = Hooks()
        assert model.evaluate(ThreeBatches(), steps=-1, verbose=0, callbacks=[hooks]) == 0.5522485971450806
    assert begun(hooks, 'tb') == [0, 1, 2, 3]


def test_validation_steps_of_minus_one_begin_a_dry_validation_step():
    # TF 2.21 (p01.py, Adam, mae): validation on 10 samples in batches of 8 begins 0 1 2; val_loss
    # 0.9001834988594055 then 0.8867955207824707; 8 iterations in 2 epochs
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('adam', 'mse', metrics=['mae'])
    hooks = Hooks()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        history = model.fit(X, Y, batch_size=8, epochs=2, steps_per_epoch=-1, validation_data=(X[:10], Y[:10]),
                            validation_steps=-1, verbose=0, callbacks=[hooks])
    assert begun(hooks, 'tb') == [0, 1, 2, 0, 1, 2]
    assert history.history['val_loss'] == [0.9001834988594055, 0.8867955207824707]
    assert history.history['loss'] == [0.7839058637619019, 0.7717430591583252]
    assert int(model.optimizer.iterations) == 8


def test_the_progress_bar_of_a_negative_count_shows_minus_one_of_unknown(capsys):
    # TF 2.21 (a03.py): verbose=1 ends each epoch with '     -1/Unknown ...'; verbose=2 prints no epoch line
    model = sgd_model()
    ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(8)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        model.fit(X, Y, batch_size=8, epochs=1, steps_per_epoch=-1, verbose=1)
        assert '     -1/Unknown' in capsys.readouterr().out
        model.fit(ds, epochs=2, steps_per_epoch=-1, verbose=2)
    assert capsys.readouterr().out == 'Epoch 1/2\nEpoch 2/2\n'
