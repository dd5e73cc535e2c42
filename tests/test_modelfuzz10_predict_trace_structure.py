"""predict's traces are told apart by how its function sees each element nested, as TF 2.21 does: arrays
packed as Keras's pack_x_y_sample_weight packs x alone (x bare, a dict bare, [x] as ((x,),)), a dataset's
or generator's elements as they come. A dataset of x batches shares the trace of predict(x) (relaxed to a
free batch axis); one of (x,) or (x, y) elements traces apart; predict([x]) apart from a dataset of (x,).
Trace counts printed by TF 2.21 (m.predict_function.experimental_get_tracing_count() after each call,
/work/notes/progs/modelfuzz10/p08c.py, p08d.py); tapeflow counted dataset and generator elements with
bare arrays whatever their nesting, so TF's retracing warning for one_step_on_data_distributed came a
call early or late."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.random.RandomState(0).rand(24, 3).astype('float32')
Y = np.random.RandomState(1).rand(24, 1).astype('float32')
D = tf.data.Dataset.from_tensor_slices


def predict_traces(model):
    # tapeflow's record of predict's traces (StepTraces), one entry per trace TF makes
    return sum(len(shapes) for kind, shapes in model._traces._shapes.items()
               if kind == 'predict' or kind[0] == 'predict')


def single_input_model():
    keras.utils.set_random_seed(2)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('adam', 'mse')
    return model


def generator(with_y):
    for i in range(0, 24, 5):
        yield (X[i:i + 5], Y[i:i + 5]) if with_y else (X[i:i + 5],)


CALLS = {
    'x': lambda m: m.predict(X, verbose=0),
    'x bs5': lambda m: m.predict(X, batch_size=5, verbose=0),
    'ds x': lambda m: m.predict(D(X).batch(5), verbose=0),
    'ds (x,)': lambda m: m.predict(D((X,)).batch(5), verbose=0),
    'ds (x, y)': lambda m: m.predict(D((X, Y)).batch(5), verbose=0),
    'gen (x,)': lambda m: m.predict(generator(False), verbose=0),
    'gen (x, y)': lambda m: m.predict(generator(True), verbose=0),
    '[x]': lambda m: m.predict([X], batch_size=5, verbose=0),
}


@pytest.mark.parametrize('calls, counts', [
    (['x', 'ds x'], [1, 2]),
    (['ds x', 'x'], [2, 2]),
    (['ds x', 'ds (x,)'], [2, 4]),
    (['x', '[x]'], [1, 3]),
    (['ds (x,)', '[x]'], [2, 4]),
    (['x', 'ds x', 'ds (x,)', 'ds (x, y)', 'gen (x,)', 'gen (x, y)', 'x bs5', '[x]'], [1, 2, 4, 6, 6, 6, 6, 8]),
])
def test_trace_counts_follow_the_elements_nesting(calls, counts):
    model = single_input_model()
    seen = []
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for call in calls:
            CALLS[call](model)
            seen.append(predict_traces(model))
    assert seen == counts


def test_a_dict_dataset_shares_the_dict_arrays_trace():
    # TF 2.21: dict arrays 1, a dataset of the dict 2 (relaxed), of (dict,) 4, of (dict, y) 6
    keras.utils.set_random_seed(2)
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    model = keras.Model({'a': a, 'b': b}, keras.layers.Dense(2)(keras.layers.concatenate([a, b])))
    model.compile('adam', 'mse')
    inputs = {'a': X, 'b': X[:, :2]}
    seen = []
    for call in (lambda: model.predict(inputs, verbose=0), lambda: model.predict(D(inputs).batch(5), verbose=0),
                 lambda: model.predict(D((inputs,)).batch(5), verbose=0),
                 lambda: model.predict(D((inputs, Y)).batch(5), verbose=0)):
        call()
        seen.append(predict_traces(model))
    assert seen == [1, 2, 4, 6]
