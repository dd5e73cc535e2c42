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


CONVS = [lambda f, **kw: L.Conv1D(f, 2, **kw), lambda f, **kw: L.Conv2D(f, 2, **kw),
         lambda f, **kw: L.Conv3D(f, 2, **kw), lambda f, **kw: L.Conv1DTranspose(f, 2, **kw),
         lambda f, **kw: L.Conv2DTranspose(f, 2, **kw), lambda f, **kw: L.Conv3DTranspose(f, 2, **kw),
         lambda f, **kw: L.SeparableConv1D(f, 2, **kw), lambda f, **kw: L.SeparableConv2D(f, 2, **kw)]


@pytest.mark.parametrize('make', CONVS)
@pytest.mark.parametrize('value', [-1, 0])
def test_conv_filters_below_one_text(make, value):
    with pytest.raises(ValueError) as info:
        make(value)
    assert str(info.value) == ('Invalid value for argument `filters`. Expected a strictly positive value. '
                               'Received filters=%d.' % value)


@pytest.mark.parametrize('make', CONVS[:3])
def test_grouped_conv_float_filters_text(make):
    with pytest.raises(ValueError) as info:
        make(2.5)
    assert str(info.value) == ('The number of filters must be evenly divisible by the number of groups. '
                               'Received: groups=1, filters=2.5.')


@pytest.mark.parametrize('make', CONVS[:3])
@pytest.mark.parametrize('groups, text', [
    (-1, 'The number of groups must be a positive integer. Received: groups=-1.'),
    (0, 'The number of groups must be a positive integer. Received: groups=0.'),
    (1.5, 'The number of filters must be evenly divisible by the number of groups. Received: groups=1.5, filters=2.')])
def test_conv_groups_texts(make, groups, text):
    with pytest.raises(ValueError) as info:
        make(2, groups=groups)
    assert str(info.value) == text


@pytest.mark.parametrize('make', [lambda d: L.SeparableConv1D(2, 2, depth_multiplier=d),
                                  lambda d: L.DepthwiseConv2D(2, depth_multiplier=d)])
@pytest.mark.parametrize('value', [-1, 0])
def test_depth_multiplier_below_one_text(make, value):
    with pytest.raises(ValueError) as info:
        make(value)
    assert str(info.value) == ('Invalid value for argument `depth_multiplier`. Expected a strictly positive value. '
                               'Received depth_multiplier=%d.' % value)


@pytest.mark.parametrize('make', CONVS)
def test_conv_filters_still_build(make):
    assert make(2).filters == 2


@pytest.mark.parametrize('make, name', [
    (lambda: L.Resizing(3, 3), 'Resizing'), (lambda: L.CenterCrop(2, 2), 'CenterCrop'),
    (lambda: L.RandomCrop(2, 2), 'RandomCrop'), (lambda: L.RandomFlip(), 'RandomFlip'),
    (lambda: L.RandomZoom(0.1), 'RandomZoom')])
def test_image_layers_rank_text_and_call_argument(make, name):
    import numpy as np
    with pytest.raises(ValueError) as info:
        make()(np.zeros((2, 4, 4, 1, 1), np.float32))
    # TF 2.21: the call error's bold text, and Keras's call argument 'data'
    text = str(info.value)
    assert ('\x1b[1mExpected image tensor to have rank 3 (single image) or 4 (batch of images). '
            'Received: data.shape=(2, 4, 4, 1, 1)\x1b[0m') in text
    assert text.startswith('Exception encountered when calling %s.call().' % name)
    assert 'Arguments received by %s.call():\n  • data=' % name in text


@pytest.mark.parametrize('make', [lambda: L.RandomContrast(0.1), lambda: L.RandomBrightness(0.1)])
def test_colour_layers_rank_text(make):
    import numpy as np
    with pytest.raises(ValueError) as info:
        make()(np.float32(1.0))
    assert '\x1b[1mExpected the input image to be rank 3 or 4. Received inputs.shape=()\x1b[0m' in str(info.value)


# Keras prints a Python set here, whose order follows PYTHONHASHSEED: the same set, built as Keras's compiled code
# builds it (layers/argument_tuples.py)
# (TF 2.21's texts under fixed hash seeds: tests/test_layers20_padding_set_order.py)
@pytest.mark.parametrize('make, allowed', [
    (lambda **kw: L.Conv1D(2, 2, **kw), str(set(frozenset(('same', 'valid', 'causal'))))),
    (lambda **kw: L.Conv2D(2, 2, **kw), str(set(('valid', 'same')))), (lambda **kw: L.Conv3D(2, 2, **kw), str(set(('valid', 'same')))),
    (lambda **kw: L.Conv1DTranspose(2, 2, **kw), str(set(('valid', 'same')))),
    (lambda **kw: L.Conv2DTranspose(2, 2, **kw), str(set(('valid', 'same')))),
    (lambda **kw: L.SeparableConv1D(2, 2, **kw), str(set(('valid', 'same')))),
    (lambda **kw: L.DepthwiseConv2D(2, **kw), str(set(('valid', 'same')))),
    (lambda **kw: L.ConvLSTM1D(2, 2, **kw), str(set(('valid', 'same'))))],
    # (ids of their own: the sets' printed order differs from process to process, and pytest-xdist's workers
    # must collect the same test names)
    ids=['Conv1D', 'Conv2D', 'Conv3D', 'Conv1DTranspose', 'Conv2DTranspose', 'SeparableConv1D', 'DepthwiseConv2D',
         'ConvLSTM1D'])
def test_conv_padding_text(make, allowed):
    with pytest.raises(ValueError) as info:
        make(padding='Bogus')
    assert str(info.value) == 'The `padding` argument must be a list/tuple or one of %s. Received: bogus' % allowed
    assert make(padding='SAME').padding == 'same'


@pytest.mark.parametrize('make, n', [(lambda s: L.MaxPooling1D(strides=s), 1),
                                     (lambda s: L.AveragePooling2D(2, strides=s), 2),
                                     (lambda s: L.MaxPooling3D(strides=s), 3)])
def test_pooling_negative_strides_text(make, n):
    with pytest.raises(ValueError) as info:
        make(-1)
    assert str(info.value) == ('The `strides` argument must be a tuple of %d integers. Received strides=-1, including '
                               'values {-1} that do not satisfy `value >= 0`' % n)
    # Keras 3 takes 0; the call's kernel refuses it (tests/test_errors35_pooling_zero_strides.py)
    assert make(0).strides == (0,) * n


@pytest.mark.parametrize('make, text', [
    (lambda: L.Embedding(-1, 2), '`input_dim` must be a positive integer. Received: input_dim=-1 (of type int).'),
    (lambda: L.Embedding(5, 'a'), '`output_dim` must be a positive integer. Received: output_dim=a (of type str).'),
    (lambda: L.Embedding(None, 2),
     '`input_dim` must be a positive integer. Received: input_dim=None (of type NoneType).'),
    (lambda: L.SimpleRNN(-1), 'Received an invalid value for argument `units`, expected a positive integer, got -1.'),
    (lambda: L.LSTM(0), 'Received an invalid value for argument `units`, expected a positive integer, got 0.'),
    (lambda: L.GRU(2, use_cudnn='AUTO'), "Invalid valid received for argument `use_cudnn`. Expected one of "
                                         "{'auto', True, False}. Received: use_cudnn=AUTO"),
    (lambda: L.GroupNormalization(0), 'Received an invalid value for argument `groups`, expected a positive integer '
                                      '(or `-1` for instance normalization). Received: groups=0'),
    (lambda: L.GroupNormalization('a'), 'Received an invalid value for argument `groups`, expected a positive integer '
                                        '(or `-1` for instance normalization). Received: groups=a'),
    (lambda: L.MultiHeadAttention(2.5, 2), 'Received an invalid value for argument `num_heads`, expected a positive '
                                           'integer. Received: num_heads=2.5'),
    (lambda: L.MultiHeadAttention(2, None), 'Received an invalid value for argument `key_dim`, expected a positive '
                                            'integer. Received: key_dim=None'),
    (lambda: L.MultiHeadAttention(2, 2, value_dim='bogus'), 'Received an invalid value for argument `value_dim`, '
                                                            'expected a positive integer or `None`. Received: '
                                                            'value_dim=bogus')])
def test_layer_size_arguments_texts(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text


@pytest.mark.parametrize('make', [L.Add, L.Multiply, L.Subtract, L.Maximum])
def test_merge_layer_on_one_tensor_text(make):
    import numpy as np
    with pytest.raises(ValueError) as info:
        make()(np.ones((2, 3), np.float32))
    assert str(info.value) == ('A merge layer should be called on a list of inputs. Received: input_shape=(2, 3) '
                               '(not a list of shapes)')


def test_concatenate_and_dot_on_one_tensor_texts():
    import numpy as np
    with pytest.raises(ValueError) as info:
        L.Concatenate()(np.ones((2, 3), np.float32))
    assert str(info.value) == ('A `Concatenate` layer should be called on a list of at least 1 input. Received: '
                               'input_shape=(2, 3)')
    x = np.ones((2, 4, 3), np.float32)
    for inputs, shown in ((x, '(2, 4, 3)'), ([x], '[(2, 4, 3)]'), ([x, x, x], '[(2, 4, 3), (2, 4, 3), (2, 4, 3)]')):
        with pytest.raises(ValueError) as info:
            L.Dot(2)(inputs)
        assert str(info.value) == 'A `Dot` layer should be called on a list of 2 inputs. Received: input_shape=' + shown


@pytest.mark.parametrize('make, text', [
    (lambda: L.Cropping1D(-1), 'The `cropping` argument must be a tuple of 2 integers. Received cropping=-1, including '
                               'values {-1} that do not satisfy `value >= 0`'),
    (lambda: L.ZeroPadding1D(1.5), 'The `padding` argument must be a tuple of 2 integers. Received padding=1.5'),
    (lambda: L.ZeroPadding2D((-1, -1)),
     'The `1st entry of padding` argument must be a tuple of 2 integers. Received 1st entry of padding=-1, including '
     'values {-1} that do not satisfy `value >= 0`'),
    (lambda: L.ZeroPadding2D('ab'), 'The `1st entry of padding` argument must be a tuple of 2 integers. Received 1st '
                                    'entry of padding=a'),
    (lambda: L.Cropping2D(-1), '`cropping` cannot be negative. Received: cropping=-1.'),
    (lambda: L.Cropping2D((1, 1, 1)), '`cropping` should have two elements. Received: cropping=(1, 1, 1).'),
    (lambda: L.Cropping2D(1.5), '`cropping` should be either an int, a tuple of 2 ints (symmetric_height_crop, '
                                'symmetric_width_crop), or a tuple of 2 tuples of 2 ints ((top_crop, bottom_crop), '
                                '(left_crop, right_crop)). Received: cropping=1.5.'),
    (lambda: L.Cropping3D(None), '`cropping` should be either an int, a tuple of 3 ints (symmetric_dim1_crop, '
                                 'symmetric_dim2_crop, symmetric_dim3_crop), or a tuple of 3 tuples of 2 ints '
                                 '((left_dim1_crop, right_dim1_crop), (left_dim2_crop, right_dim2_crop), '
                                 '(left_dim3_crop, right_dim2_crop)). Received: None.'),
    (lambda: L.ZeroPadding3D((1, 1)), '`padding` should have 3 elements. Received: (1, 1).'),
    (lambda: L.UpSampling3D((2,)), 'The `size` argument must be a tuple of 3 integers. Received size=(2,)'),
    (lambda: L.RepeatVector(0), 'Argument `n` should be a positive integer. Received: n=0'),
    (lambda: L.UpSampling1D(0), 'Argument `size` should be a positive integer. Received: size=0')])
def test_cropping_padding_size_texts(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text


@pytest.mark.parametrize('make, text', [
    (lambda: L.RepeatVector(2.5), "Expected an integer value for `n`, got <class 'float'>."),
    (lambda: L.UpSampling1D('a'), "Expected an integer value for `size`, got <class 'str'>.")])
def test_integer_arguments_type_texts(make, text):
    with pytest.raises(TypeError) as info:
        make()
    assert str(info.value) == text


def test_cropping_and_padding_forms_still_read():
    assert L.ZeroPadding2D(((1, 2), (3, 4))).pairs == ((1, 2), (3, 4))
    assert L.Cropping2D((1, 2)).pairs == ((1, 1), (2, 2))
    assert L.Cropping3D(1).pairs == ((1, 1),) * 3
    assert L.Cropping1D((0, 2)).pairs == ((0, 2),)


@pytest.mark.parametrize('make, text', [
    (lambda: L.ReLU(negative_slope=-1.0), 'negative_slope of a ReLU layer cannot be None or a negative value. '
                                          'Received: negative_slope=-1.0'),
    (lambda: L.ReLU(threshold=None), 'threshold of a ReLU layer cannot be None or a negative value. Received: '
                                     'threshold=None'),
    (lambda: L.ReLU(max_value=-1), 'max_value of a ReLU layer cannot be a negative value. Received: max_value=-1'),
    (lambda: L.LeakyReLU(negative_slope=-1.0), 'The negative_slope value of a Leaky ReLU layer cannot be None or '
                                               'negative value. Expected a float. Received: negative_slope=-1.0'),
    (lambda: L.Permute((2,)), 'Invalid permutation argument `dims` for Permute Layer. The set of indices in `dims` '
                              'must be consecutive and start from 1. Received dims=(2,)'),
    (lambda: L.Attention(score_mode='DOT'), "Invalid value for argument score_mode. Expected one of {'dot', "
                                            "'concat'}. Received: score_mode=DOT"),
    (lambda: L.RandomBrightness(0.1, value_range='ab'), 'The `value_range` argument should be a list of two '
                                                        'numbers. Received: value_range=ab'),
    (lambda: L.Dropout(0.5, noise_shape=1.5), 'Invalid value received for argument `noise_shape`. Expected an '
                                              'iterable of integers (e.g., a tuple or list). Received: '
                                              'noise_shape=1.5'),
    (lambda: L.MultiHeadAttention(2, 2, sliding_window=-1), '`sliding_window` must be `None` or a positive '
                                                            'integer. Received: sliding_window=-1')])
def test_more_layer_argument_texts(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text


@pytest.mark.parametrize('make, text', [
    (lambda: L.UnitNormalization(axis=None), 'Invalid value for `axis` argument: expected an int or a list/tuple '
                                             'of ints. Received: axis=None'),
    (lambda: L.Dot(axes=2.5), 'Invalid type for argument `axes`: it should be a list or an int. Received: axes=2.5')])
def test_layer_argument_type_texts(make, text):
    with pytest.raises(TypeError) as info:
        make()
    assert str(info.value) == text
