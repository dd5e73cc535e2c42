"""Constructor arguments refused with Keras 3's texts (TF 2.21's str(e), from the layer fuzzer's ctor rows,
/work/notes/progs/fuzz6/lout_tf.txt); tapeflow's sentence naming the layer is a note."""
import pytest

from framework import keras

L = keras.layers
IMAGE_LAYERS = [lambda **kw: L.Resizing(3, 3, **kw), lambda **kw: L.CenterCrop(2, 2, **kw),
                lambda **kw: L.RandomCrop(2, 2, **kw), lambda **kw: L.RandomFlip(**kw),
                lambda **kw: L.RandomRotation(0.1, **kw), lambda **kw: L.RandomZoom(0.1, **kw),
                lambda **kw: L.RandomTranslation(0.1, 0.1, **kw)]


@pytest.mark.parametrize('make', IMAGE_LAYERS)
@pytest.mark.parametrize('value, shown', [('bogus', 'bogus'), (-1, '-1'), (1.5, '1.5')])
def test_image_layers_data_format_text(make, value, shown):
    with pytest.raises(ValueError) as info:
        make(data_format=value)
    assert str(info.value) == ("The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                               "Received: data_format=%s" % shown)


@pytest.mark.parametrize('make', IMAGE_LAYERS)
def test_image_layers_take_data_format_in_any_case(make):
    assert make(data_format='CHANNELS_LAST').data_format == 'channels_last'


@pytest.mark.parametrize('make', [lambda **kw: L.RandomCrop(2, 2, **kw), lambda **kw: L.RandomFlip(**kw),
                                  lambda **kw: L.RandomContrast(0.1, **kw), lambda **kw: L.RandomBrightness(0.1, **kw)])
@pytest.mark.parametrize('value', ['bogus', 1.5])
def test_random_image_layers_seed_text(make, value):
    with pytest.raises(ValueError) as info:
        make(seed=value)
    assert str(info.value) == 'Argument `seed` must be an integer. Received: seed=%s' % value
