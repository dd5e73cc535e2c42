"""keras.utils image helpers and plot_model: what works without Pillow / pydot, and the ImportError
that names the missing package (Keras 3.15 behaves the same: its img_to_array needs only numpy)."""
import io
import re
import sys

import numpy as np
import pytest

from framework import keras


def test_img_to_array_adds_the_channel_axis_and_uses_floatx():
    gray = [[0, 1, 2], [3, 4, 5]]
    x = keras.utils.img_to_array(gray)
    assert x.shape == (2, 3, 1) and x.dtype == np.float32 and x[1, 2, 0] == 5.0
    first = keras.utils.img_to_array(gray, data_format='channels_first', dtype='float64')
    assert first.shape == (1, 2, 3) and first.dtype == np.float64
    rgb = np.arange(24, dtype='uint8').reshape(2, 4, 3)
    assert keras.utils.img_to_array(rgb, data_format='channels_first').shape == (3, 2, 4)
    np.testing.assert_array_equal(keras.utils.img_to_array(rgb), rgb.astype('float32'))


def test_img_to_array_errors():
    with pytest.raises(ValueError, match='Unsupported image shape'):
        keras.utils.img_to_array(np.zeros((2, 2, 2, 2)))
    with pytest.raises(ValueError, match="data_format must be 'channels_first' or 'channels_last'"):
        keras.utils.img_to_array(np.zeros((2, 2)), data_format='nhwc')


@pytest.fixture
def without_pillow(monkeypatch):
    monkeypatch.setitem(sys.modules, 'PIL', None)      # `import PIL` now raises ImportError


@pytest.mark.parametrize('call', [
    lambda: keras.utils.array_to_img(np.zeros((2, 2, 3))),
    lambda: keras.utils.load_img(io.BytesIO(b'')),
    lambda: keras.utils.save_img('out.png', np.zeros((2, 2, 3))),
])
def test_pillow_functions_name_pillow_when_it_is_missing(without_pillow, call):
    with pytest.raises(ImportError) as caught:
        call()
    # Keras 3's text (TF 2.21 without Pillow), the install hint as a note
    assert re.fullmatch(r'Could not import PIL\.Image\. The use of `\w+` requires PIL\.', str(caught.value))
    assert caught.value.__notes__ == ['install Pillow: pip install pillow']


def test_array_to_img_round_trip_with_pillow(tmp_path):
    pytest.importorskip('PIL')
    x = np.arange(2 * 3 * 3, dtype='float32').reshape(2, 3, 3)
    img = keras.utils.array_to_img(x)
    assert img.mode == 'RGB' and img.size == (3, 2)
    back = keras.utils.img_to_array(img)
    np.testing.assert_array_equal(back, (x * 255 / x.max()).astype('uint8'))
    path = tmp_path / 'x.png'
    keras.utils.save_img(str(path), x, scale=False)
    loaded = keras.utils.load_img(str(path), color_mode='grayscale', target_size=(4, 6))
    assert loaded.mode == 'L' and loaded.size == (6, 4)


def _model():
    inputs = keras.Input((3,))
    return keras.Model(inputs, keras.layers.Dense(2)(keras.layers.Dense(4)(inputs)))


def test_plot_model_and_model_to_dot_name_pydot_when_it_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, 'pydot', None)
    with pytest.raises(ImportError, match=r'install pydot \(`pip install pydot`\) for `plot_model`'):
        keras.utils.plot_model(_model())
    with pytest.raises(ImportError, match='install pydot'):
        keras.utils.model_to_dot(_model())


def test_plot_model_refuses_an_unbuilt_model():
    with pytest.raises(ValueError, match='has not yet been built'):
        keras.utils.plot_model(keras.Sequential([keras.layers.Dense(2)]))


def test_model_to_dot_draws_each_layer_and_connection():
    pytest.importorskip('pydot')
    model = _model()
    dot = keras.utils.model_to_dot(model, show_shapes=True)
    layer_nodes = [n for n in dot.get_nodes() if n.get_name() not in ('node', 'edge', 'graph')]   # not defaults
    assert len(layer_nodes) == 3 and len(dot.get_edges()) == 2
