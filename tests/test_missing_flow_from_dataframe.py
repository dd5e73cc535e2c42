"""ImageDataGenerator.flow_from_dataframe (framework/keras/preprocessing/dataframe_iterator.py), against Keras's
legacy implementation in TF 2.21 (/work/notes/progs/missing/tf_dataframe.py run with /opt/tfref and Pillow:
the tapeflow port prints the same files, classes, batches and errors).

Reading images needs Pillow, which these tests do not: ``load_img`` is replaced by one returning each file's
stand-in pixels (its row number), so the batches' labels, order and weights are checked as Keras makes them."""
import os

import numpy as np
import pytest

pd = pytest.importorskip('pandas')

import framework as tf  # noqa: E402
from framework.keras import images  # noqa: E402

# missing.png and notes.txt are dropped with a warning in every test; the first test checks it
pytestmark = pytest.mark.filterwarnings('ignore:Found 2 invalid image filename')
NAMES = ['img_%02d.png' % i for i in range(10)]
LABELS = ['cat', 'dog', 'cat', 'bird', 'dog', 'cat', 'bird', 'dog', 'cat', 'dog']


@pytest.fixture
def frame(tmp_path, monkeypatch):
    for name in NAMES + ['notes.txt']:
        (tmp_path / name).write_bytes(b'')
    monkeypatch.setattr(images, 'load_img', lambda path, target_size, color_mode='rgb', **kw: np.full(
        target_size + ({'rgb': 3, 'rgba': 4, 'grayscale': 1}[color_mode],), float(os.path.basename(path)[4:6])))
    df = pd.DataFrame({'filename': NAMES + ['missing.png', 'notes.txt'], 'class': LABELS + ['cat', 'dog'],
                       'w': np.arange(12, dtype=float) / 10, 'r1': np.arange(12.0), 'r2': np.arange(12) * 2})
    return df, str(tmp_path)


def _flow(frame, **kwargs):
    df, root = frame
    gen = tf.keras.preprocessing.image.ImageDataGenerator(validation_split=0.3)
    return gen.flow_from_dataframe(kwargs.pop('df', df), root, target_size=(2, 2), batch_size=4, shuffle=False,
                                   **kwargs)


def test_categorical_keeps_frame_order_and_drops_invalid_files(frame, capsys):
    with pytest.warns(UserWarning, match='Found 2 invalid image filename\\(s\\) in x_col="filename"'):
        it = _flow(frame)
    assert capsys.readouterr().out == 'Found 10 validated image filenames belonging to 3 classes.\n'
    assert it.filenames == NAMES and it.class_indices == {'bird': 0, 'cat': 1, 'dog': 2}
    assert it.classes == [1, 2, 1, 0, 2, 1, 0, 2, 1, 2] and len(it) == 3
    x, y = it[0]
    assert x.shape == (4, 2, 2, 3) and list(x[:, 0, 0, 0]) == [0, 1, 2, 3]
    np.testing.assert_array_equal(y, [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]])


def test_sparse_shuffled_with_weights_as_keras(frame):
    df, root = frame
    gen = tf.keras.preprocessing.image.ImageDataGenerator()
    it = gen.flow_from_dataframe(df, root, target_size=(2, 2), batch_size=3, shuffle=True, seed=3,
                                 class_mode='sparse', weight_col='w')
    x, y, w = it[0]
    # Keras (TF 2.21): labels [1, 2, 2] and weights [0.5, 0.4, 0.1] for the first shuffled batch of seed 3
    np.testing.assert_array_equal(y, [1., 2., 2.])
    np.testing.assert_allclose(w, [0.5, 0.4, 0.1])
    np.testing.assert_array_equal(x[:, 0, 0, 0], [5., 4., 1.])


def test_binary_raw_multi_output_input_and_none(frame):
    df = frame[0]
    it = _flow(frame, df=df[df['class'] != 'bird'], class_mode='binary')
    assert it.class_indices == {'cat': 0, 'dog': 1} and it[0][1].tolist() == [0., 1., 0., 1.]
    raw = _flow(frame, class_mode='raw', y_col=['r1', 'r2'])[1][1]
    np.testing.assert_array_equal(raw, [[4., 8.], [5., 10.], [6., 12.], [7., 14.]])
    first, second = _flow(frame, class_mode='multi_output', y_col=['r1', 'r2'])[0][1]
    assert first.tolist() == [0., 1., 2., 3.] and second.tolist() == [0, 2, 4, 6]
    x, y = _flow(frame, class_mode='input')[0]
    np.testing.assert_array_equal(x, y)
    assert _flow(frame, class_mode=None, color_mode='grayscale')[0].shape == (4, 2, 2, 1)


def test_given_classes_subsets_and_multi_label_rows(frame):
    it = _flow(frame, classes=['dog', 'cat'])
    assert it.class_indices == {'dog': 0, 'cat': 1} and it.samples == 8 and it.classes == [1, 0, 1, 0, 1, 0, 1, 0]
    training, validation = _flow(frame, subset='training'), _flow(frame, subset='validation')
    assert training.filenames == NAMES[3:] and validation.filenames == NAMES[:3]
    labels = pd.DataFrame({'filename': NAMES[:4], 'class': [['cat', 'dog'], 'dog', ('bird',), ['cat']]})
    multi = _flow(frame, df=labels)
    assert multi.classes == [[1, 2], 2, [0], [1]]
    np.testing.assert_array_equal(multi[0][1], [[0, 1, 1], [0, 0, 1], [1, 0, 0], [0, 1, 0]])


@pytest.mark.parametrize('kwargs, error, message', [
    (dict(class_mode='nope'), ValueError, 'Invalid class_mode: nope'),
    (dict(class_mode='binary'), ValueError, 'If class_mode="binary" there must be 2 classes. Found 3 classes.'),
    (dict(class_mode='multi_output'), TypeError, 'If class_mode="multi_output", y_col must be a list. Received str.'),
    (dict(color_mode='cmyk'), ValueError, 'Invalid color mode: cmyk; expected "rgb", "rgba", or "grayscale".'),
    (dict(subset='test'), ValueError, 'Invalid subset name: test;expected "training" or "validation"'),
    (dict(weight_col='class'), TypeError, 'Column weight_col=class must be numeric.'),
    (dict(class_mode='binary', classes=['a', 'b', 'c']), ValueError, '3 class/es were given.'),
])
def test_bad_arguments_raise_as_keras(frame, kwargs, error, message):
    with pytest.raises(error, match=message.replace('(', '\\(').replace(')', '\\)').replace('.', '\\.')):
        _flow(frame, **kwargs)


def test_non_string_file_names_raise_as_keras(frame):
    with pytest.raises(TypeError, match='All values in column x_col=filename must be strings.'):
        _flow(frame, df=frame[0].assign(filename=range(12)))


def test_not_a_dataframe_or_a_missing_column_names_the_argument(frame):
    gen = tf.keras.preprocessing.image.ImageDataGenerator()
    with pytest.raises(AttributeError, match='flow_from_dataframe: `dataframe` must be a pandas DataFrame, got list'):
        gen.flow_from_dataframe([['a.png', 'x']])
    with pytest.raises(KeyError, match="x_col='path' is not a column of the DataFrame"):
        _flow(frame, x_col='path')
    with pytest.raises(KeyError, match="y_col='label' is not a column"):
        _flow(frame, y_col='label')
