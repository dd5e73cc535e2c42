"""tf.image.rgb_to_hsv / hsv_to_rgb as TF 2.21's RGBToHSV / HSVToRGB kernels take images: Python and numpy values
convert to float32, tensors must be half, bfloat16, float or double (the registry's text), at least 1-D
('input must be at least 1D[]'), with 3 channels last (FailedPreconditionError). bfloat16 computes.

Golden texts and dtypes: /work/notes/progs/errors9/p/h1.py and h2.py run under TensorFlow 2.21."""
import numpy as np
import pytest

import framework as tf

IMG = np.random.RandomState(0).rand(2, 8, 8, 3).astype('float32')
KERNELS = [(tf.image.rgb_to_hsv, 'RGBToHSV'), (tf.image.hsv_to_rgb, 'HSVToRGB')]
WRAPPED = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('fn, kernel', KERNELS)
@pytest.mark.parametrize('dtype, shown', [(tf.int32, 'int32'), (tf.bool, 'bool'), (tf.uint8, 'uint8')])
def test_tensors_of_other_dtypes_get_the_registry_text(fn, kernel, dtype, shown):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        fn(tf.cast(IMG, dtype))
    assert str(err.value) == (
        "Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double\n\t; NodeDef: "
        "{{node %s}}; Op<name=%s; signature=images:T -> output:T; attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, "
        "DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> [Op:%s] name: " % (shown, kernel, kernel, kernel))
    assert err.value.__notes__


@pytest.mark.parametrize('fn, kernel', KERNELS)
def test_channels_and_rank_as_the_kernels_check_them(fn, kernel):
    for given, channels in [(np.ones((2, 8, 8, 1), 'float32'), 1), (np.ones(8, 'float32'), 8)]:
        with pytest.raises(tf.errors.FailedPreconditionError) as err:
            fn(given)
        assert str(err.value) == (WRAPPED % kernel + 'input must have 3 channels but input only has %d channels. '
                                  '[Op:%s] name: ' % (channels, kernel))
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        fn(np.float32(1))
    assert str(err.value) == WRAPPED % kernel + 'input must be at least 1D[] [Op:%s]' % kernel


@pytest.mark.parametrize('fn, kernel', KERNELS)
def test_what_tensorflow_takes(fn, kernel):
    assert fn(tf.cast(IMG, tf.bfloat16)).dtype == tf.bfloat16
    assert fn(tf.cast(IMG, tf.float16)).dtype == tf.float16
    for value in [np.zeros((2, 2, 3), np.uint8), np.zeros((2, 3), np.float64), [[1, 2, 3]], np.zeros((2, 3), bool)]:
        assert fn(value).dtype == tf.float32       # the kernel's default type
    assert fn(np.ones((2, 0, 0, 3), 'float32')).shape == (2, 0, 0, 3)
    np.testing.assert_allclose(np.asarray(tf.cast(fn(tf.cast(IMG, tf.bfloat16)), tf.float32)),
                               np.asarray(fn(IMG)), atol=0.02)
