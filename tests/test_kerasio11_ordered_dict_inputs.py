"""A functional model with dict Inputs reads an OrderedDict by position, as Keras 3 (optree) does.

Keras 3 flattens a call's inputs with optree, which walks an OrderedDict in insertion order, and
binds the flat list to the Inputs in sorted-name order. make_csv_dataset's batches are OrderedDicts in
file order, so on TF 2.21 the keras.io GRN/VSN census example fails at its first fit step
(UnimplementedError, a string column cast to float) where tapeflow matched the columns by name and
trained. Goldens from TF 2.21 + Keras 3.15 (progs/kerasio11/d6b.py): Inputs named b, a, c (sorted: a, b,
c), the model outputs concat(a, b, c), and the data is OrderedDict(c=3, a=1, b=2).
"""
import collections
import os

import numpy as np
import pytest

import framework as tf
from framework import keras


def _model():
    inputs = {'b': keras.Input(shape=(1,), name='b'), 'a': keras.Input(shape=(1,), name='a'),
              'c': keras.Input(shape=(1,), name='c')}
    model = keras.Model(inputs, keras.layers.Concatenate()([inputs['a'], inputs['b'], inputs['c']]))
    model.compile(loss='mse')
    return model


def _od(n=1):
    return collections.OrderedDict([('c', np.full((n, 1), 3.0, 'float32')), ('a', np.full((n, 1), 1.0, 'float32')),
                                    ('b', np.full((n, 1), 2.0, 'float32'))])


def test_call_and_predict_read_an_ordered_dict_by_position():
    model = _model()
    assert np.asarray(model(_od())).tolist() == [[3.0, 1.0, 2.0]]                  # TF: [[3, 1, 2]]
    assert np.asarray(model(_od(), training=True)).tolist() == [[3.0, 1.0, 2.0]]
    assert model.predict(_od(4), batch_size=2, verbose=0)[0].tolist() == [3.0, 1.0, 2.0]
    assert np.asarray(model.predict_on_batch(_od(2)))[0].tolist() == [3.0, 1.0, 2.0]


def test_a_plain_dict_and_a_sorted_ordered_dict_are_read_by_key():
    model = _model()
    plain = {'c': np.full((1, 1), 3.0, 'float32'), 'a': np.full((1, 1), 1.0, 'float32'),
             'b': np.full((1, 1), 2.0, 'float32')}
    assert np.asarray(model(plain)).tolist() == [[1.0, 2.0, 3.0]]
    in_order = collections.OrderedDict(sorted(plain.items()))
    assert np.asarray(model(in_order)).tolist() == [[1.0, 2.0, 3.0]]


def test_fit_and_evaluate_see_the_permuted_features():
    model = _model()
    y = np.array([[1.0, 2.0, 3.0]] * 4, 'float32')
    assert model.evaluate(_od(4), y, verbose=0) == pytest.approx(2.0)             # TF: 2.0 (0.0 by key)
    assert float(model.test_on_batch(_od(4), y)) == pytest.approx(2.0)
    ds = tf.data.Dataset.from_tensor_slices((_od(4), y)).batch(2)
    assert model.evaluate(ds, verbose=0) == pytest.approx(2.0)
    assert model.predict(ds, verbose=0)[0].tolist() == [3.0, 1.0, 2.0]


def test_a_list_input_model_still_reads_a_dict_by_names():
    a, b = keras.Input(shape=(1,), name='a'), keras.Input(shape=(1,), name='b')
    model = keras.Model([a, b], keras.layers.Concatenate()([a, b]))
    x = collections.OrderedDict([('b', np.full((1, 1), 2.0, 'float32')), ('a', np.full((1, 1), 1.0, 'float32'))])
    assert np.asarray(model(x)).tolist() == [[1.0, 2.0]]


def test_make_csv_dataset_columns_in_file_order_fail_as_on_tensorflow(tmp_path):
    # the GRN/VSN example's shape: a float column and a string column, dict Inputs in another order
    path = os.path.join(str(tmp_path), 'rows.csv')
    with open(path, 'w') as f:
        f.write('3.0,x,1\n4.0,y,0\n')
    ds = tf.data.experimental.make_csv_dataset(path, batch_size=2, column_names=['wage', 'sex', 'label'],
                                               column_defaults=[[0.0], ['NA'], [0]], label_name='label',
                                               num_epochs=1, header=False, shuffle=False)
    inputs = {'wage': keras.Input(shape=(), dtype='float32', name='wage'),
              'sex': keras.Input(shape=(), dtype='string', name='sex')}
    index = keras.layers.StringLookup(vocabulary=['x', 'y'])(inputs['sex'])
    both = keras.layers.Concatenate()([keras.ops.expand_dims(inputs['wage'], -1),
                                       keras.ops.cast(keras.ops.expand_dims(index, -1), 'float32')])
    model = keras.Model(inputs, keras.layers.Dense(1)(both))
    model.compile(loss='mse')
    with pytest.raises(tf.errors.UnimplementedError, match='Cast .* is not supported'):
        model.fit(ds, epochs=1, verbose=0)      # TF 2.21: UnimplementedError "Cast string to float ..."
    keras.backend.clear_session()


def test_extra_keys_are_dropped_by_position_in_kerass_order():
    # TF 2.21 (progs/kerasio11/d6e.py): the flat dict (OrderedDict: insertion order; dict: sorted keys)
    # feeds the Inputs a, b, c by position and the surplus is dropped
    model = _model()
    f = lambda v: np.full((1, 1), v, 'float32')      # noqa: E731
    od = collections.OrderedDict([('c', f(3)), ('a', f(1)), ('d', f(4)), ('b', f(2))])
    assert np.asarray(model(od)).tolist() == [[3.0, 1.0, 4.0]]
    assert np.asarray(model({'c': f(3), 'a': f(1), 'd': f(4), 'b': f(2)})).tolist() == [[1.0, 2.0, 3.0]]
    plain = {'c': f(3), 'a': f(1), 'a0': f(0), 'b': f(2)}          # sorted: a, a0, b, c
    assert model.predict(plain, verbose=0).tolist() == [[1.0, 0.0, 2.0]]
    assert model.evaluate(plain, np.array([[1.0, 2.0, 3.0]]), verbose=0) == pytest.approx(5 / 3)
