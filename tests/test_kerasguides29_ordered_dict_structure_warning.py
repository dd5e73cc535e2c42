"""The inputs-structure warning prints an OrderedDict as Keras 3's tree keeps it: OrderedDict([...]).

tf.data.experimental.make_csv_dataset yields its features as an OrderedDict (the keras.io structured-data
examples read their CSVs so); a functional model whose dict Inputs name fewer columns warns, and TF 2.21
shows the features as 'OrderedDict([('age', ...), ...])' where tapeflow showed a plain dict. Texts: TF 2.21
(notes progs/kerasguides29/t_odict.py, g8_csv.py).
"""
import warnings
from collections import OrderedDict

import numpy as np

from framework import keras


def _messages(model, inputs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model(inputs)
    return [str(w.message) for w in caught]


def test_received_ordered_dict_keeps_its_type_and_order():
    inputs = {'age': keras.Input(shape=(1,), name='age'), 'hours': keras.Input(shape=(1,), name='hours')}
    model = keras.Model(inputs, keras.layers.Dense(1)(keras.layers.concatenate([inputs['age'], inputs['hours']])))
    ones = np.ones((2, 1), 'float32')
    got = _messages(model, OrderedDict([('hours', ones), ('age', ones), ('edu', ones)]))
    assert got == ["The structure of `inputs` doesn't match the expected structure.\n"
                   "Expected: {'age': 'age', 'hours': 'hours'}\n"
                   "Received: inputs=OrderedDict([('hours', 'Tensor(shape=(2, 1))'), ('age', 'Tensor(shape=(2, 1))'), "
                   "('edu', 'Tensor(shape=(2, 1))')])"]


def test_expected_ordered_dict_inputs():
    inputs = OrderedDict([('b', keras.Input(shape=(1,), name='b')), ('a', keras.Input(shape=(1,), name='a'))])
    model = keras.Model(inputs, keras.layers.Add()([inputs['b'], inputs['a']]))
    ones = np.ones((2, 1), 'float32')
    got = _messages(model, {'a': ones, 'b': ones, 'c': ones})
    assert got == ["The structure of `inputs` doesn't match the expected structure.\n"
                   "Expected: OrderedDict([('b', 'b'), ('a', 'a')])\n"
                   "Received: inputs={'a': 'Tensor(shape=(2, 1))', 'b': 'Tensor(shape=(2, 1))', "
                   "'c': 'Tensor(shape=(2, 1))'}"]
