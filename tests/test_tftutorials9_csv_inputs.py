"""The CSV tutorial (tensorflow.org, load_data/csv) against TF 2.21: `tf.keras.Input(shape=(), dtype=tf.float32)`
(raised KeyError: tf.float32 == float, as in TF, matched Python's float), fit on `{name: np.array(column)}`
whose text columns are object arrays of str (Keras 3 on TF converts those to string tensors; other text
arrays stay refused), and make_csv_dataset(ignore_errors=True), which logs the deprecation notice of the
tf.data.experimental.ignore_errors it applies. Outcomes printed by TF 2.21 (/opt/tfref) for the same
calls (/work/notes/progs/tftutorials9/probe_objfit.py, p13_csv.py)."""
import logging

import numpy as np
import pytest

import framework as tf
from framework import deprecation, keras


@pytest.mark.parametrize('dtype, expected', [(tf.float32, 'float32'), (tf.int64, 'int64'), (tf.string, 'string'),
                                             (float, 'float32'), (int, 'int64'), (bool, 'bool')])
def test_input_takes_tf_dtypes_and_python_types(dtype, expected):
    assert keras.Input(shape=(), dtype=dtype).dtype == expected


def _model():
    keras.utils.set_random_seed(3)
    inputs = {'s': keras.Input(shape=(1,), name='s', dtype='string'), 'f': keras.Input(shape=(1,), name='f')}
    lookup = keras.layers.StringLookup(vocabulary=['a', 'b'])
    x = keras.layers.Concatenate()([keras.layers.CategoryEncoding(3)(lookup(inputs['s'])), inputs['f']])
    model = keras.Model(inputs, keras.layers.Dense(1)(x))
    model.compile('adam', 'mse')
    return model


def test_an_object_array_of_str_is_text_for_fit_evaluate_predict():
    x = {'s': np.array(['a', 'b', 'a', 'c'], dtype=object), 'f': np.arange(4.0)}
    as_tensor = {'s': tf.constant([['a'], ['b'], ['a'], ['c']]), 'f': np.arange(4.0)[:, None]}
    # Two models trained alike, one fed each form: on one model TF 2.21 retraces predict for inputs of
    # another rank with an unknown rank, and its Functional raises "as_list() is not defined on an
    # unknown TensorShape." (notes/progs/me17/g13.py prints it); TF's first predict gives these values.
    model, twin = _model(), _model()
    model.fit(x, np.ones(4), epochs=1, verbose=0)
    twin.fit(x, np.ones(4), epochs=1, verbose=0)
    np.testing.assert_array_equal(model.predict(x, verbose=0), twin.predict(as_tensor, verbose=0))
    np.testing.assert_allclose(model.predict(x, verbose=0).ravel(),
                               [-1.0585511, -0.19393158, -2.849504, -2.6889615], rtol=1e-6)
    with pytest.raises(ValueError, match='as_list'):
        model.predict(as_tensor, verbose=0)
    assert model.evaluate(x, np.ones(4), verbose=0) == twin.evaluate(as_tensor, np.ones(4), verbose=0)


@pytest.mark.parametrize('text, name', [
    (np.array(['a', 'b', 'a', 'c']), 'str32'),
    (np.array([b'a', b'b', b'a', b'c']), 'bytes8'),
    (np.array([b'a', b'b', b'a', b'c'], dtype=object), 'object'),     # bytes items: refused on TF too
    (np.array(['a', 1, 'a', 'c'], dtype=object), 'object'),
    (np.array([['a'], ['b'], ['a'], ['c']], dtype=object), 'object'),  # rows are arrays, not str
])
@pytest.mark.parametrize('method', ['fit', 'evaluate', 'predict'])
def test_other_text_arrays_stay_refused(text, name, method):
    model = _model()
    x = {'s': text, 'f': np.arange(4.0)}
    call = {'fit': lambda: model.fit(x, np.ones(4), verbose=0), 'evaluate': lambda: model.evaluate(x, np.ones(4), verbose=0),
            'predict': lambda: model.predict(x, verbose=0)}[method]
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == 'Invalid dtype: %s' % name


def test_make_csv_dataset_with_ignore_errors_logs_the_notice_once(tmp_path, caplog, monkeypatch):
    monkeypatch.setattr(deprecation, '_warned', set())
    caplog.set_level(logging.WARNING, logger='tensorflow')
    path = tmp_path / 't.csv'
    path.write_text('a,b\n1,x\n2,y\n')
    for _ in range(2):
        ds = tf.data.experimental.make_csv_dataset(str(path), batch_size=2, num_epochs=1, shuffle=False,
                                                   ignore_errors=True)
    notices = [r.getMessage() for r in caplog.records if 'is deprecated' in r.getMessage()]
    assert len(notices) == 1
    assert notices[0].endswith('ignore_errors (from tensorflow.python.data.experimental.ops.error_ops) is deprecated '
                               'and will be removed in a future version.\nInstructions for updating:\n'
                               'Use `tf.data.Dataset.ignore_errors` instead.')
    assert [list(v.numpy()) for v in next(iter(ds)).values()] == [[1, 2], [b'x', b'y']]
