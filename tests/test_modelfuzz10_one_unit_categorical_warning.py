"""Keras 3's warning for categorical_crossentropy (or categorical_focal_crossentropy) on a one-unit output runs
where TensorFlow runs the loss's Python: at a step's trace, whose batch axis is None when the data leave it
open, not at steps TF replays from its graph. TF 2.21 (/work/notes/progs/modelfuzz10/p18.py) warns once for
compile(loss='binary_crossentropy', metrics=['categorical_crossentropy']) fitted on 18 training and 6
validation samples in batches of 8 ('Received: y_pred.shape=(None, 1)'); tapeflow warned three times with
the concrete shapes (8, 1), (2, 1) and (6, 1). On 24 samples in batches of 8 the trace's batch is 8.
(TF traces a first step that builds variables twice, so under an 'always' filter it warns twice there;
tapeflow once: the same lines under Python's default filter.)"""
import warnings

import numpy as np
import pytest

from framework import keras

X = np.random.RandomState(0).rand(24, 3).astype('float32')
Y = (X.sum(1, keepdims=True) > 1.5).astype('float32')


def shapes_warned(compile_kwargs, **fit_kwargs):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile('adam', **compile_kwargs)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')     # Python's default: once per call site and text
        model.fit(X, Y, batch_size=8, epochs=2, verbose=0, **fit_kwargs)
    return [str(w.message).split('Received: y_pred.shape=')[1].split('. ')[0]
            for w in caught if 'expected y_pred.shape' in str(w.message)]


def test_a_metric_warns_at_its_traces_with_their_open_batch():
    # the train and validation traces both see (None, 1): shown once
    assert shapes_warned(dict(loss='binary_crossentropy', metrics=['categorical_crossentropy']),
                         validation_split=0.25) == ['(None, 1)']


@pytest.mark.parametrize('loss', ['categorical_crossentropy', keras.losses.CategoricalFocalCrossentropy()])
def test_a_loss_on_whole_batches_warns_once_with_the_batch_size(loss):
    assert shapes_warned(dict(loss=loss)) == ['(8, 1)']
