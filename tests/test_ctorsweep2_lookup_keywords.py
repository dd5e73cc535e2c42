"""StringLookup / IntegerLookup keywords as Keras 3 on TF 2.21: Layer's keywords other than name are Keras's own
ValueError 'Unrecognized keyword argument(s): {...}' (made after the layer took its name), and trainable / dtype
are dropped (a lookup stays trainable=True)."""
import pytest

from framework import keras

LOOKUPS = ['StringLookup', 'IntegerLookup']


@pytest.mark.parametrize('cls', LOOKUPS)
@pytest.mark.parametrize('kwargs', [{'bogus_arg': 1}, {'foo': 1, 'bar': 2}, {'input_shape': (3,)},
                                    {'autocast': False}])
def test_unknown_keywords_are_keras_texts(cls, kwargs):
    # TF 2.21 gives "Unrecognized keyword argument(s): {'bogus_arg': 1}" (and so for input_shape, autocast)
    with pytest.raises(ValueError) as info:
        getattr(keras.layers, cls)(**kwargs)
    assert str(info.value) == 'Unrecognized keyword argument(s): %s' % (kwargs,)


@pytest.mark.parametrize('cls', LOOKUPS)
def test_unknown_keyword_checked_before_the_vocabulary_and_after_the_name(cls):
    layer = getattr(keras.layers, cls)
    vocabulary = ['a'] if cls == 'StringLookup' else [1]
    with pytest.raises(ValueError, match=r"^Unrecognized keyword argument\(s\): \{'bogus': 1\}$"):
        layer(vocabulary=vocabulary, bogus=1, name='lk_kw_taken')
    base = 'string_lookup' if cls == 'StringLookup' else 'integer_lookup'
    first = layer().name
    with pytest.raises(ValueError):
        layer(bogus=1)
    # TF 2.21: the refused layer used up the next automatic name
    n = int(first.rsplit('_', 1)[1]) if first != base else 0
    assert layer().name == '%s_%d' % (base, n + 2)


@pytest.mark.parametrize('cls', LOOKUPS)
def test_trainable_is_dropped(cls):
    # TF 2.21: StringLookup(trainable=False).trainable is True, and its config says so
    layer = getattr(keras.layers, cls)(trainable=False)
    assert layer.trainable is True
    assert layer.get_config()['trainable'] is True


@pytest.mark.parametrize('cls', LOOKUPS)
def test_config_round_trip_keeps_name(cls):
    layer = getattr(keras.layers, cls)
    assert layer.from_config(layer(name='lk_rt').get_config()).name == 'lk_rt'
