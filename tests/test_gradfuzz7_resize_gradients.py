"""tf.image.resize gradients as TF 2.21's kernels compute them (values printed by TF 2.21,
progs/gradfuzz7/pin_resize.py, t_sat64.py, t_bicubic.py):
- ScaleAndTranslateGrad (antialias, lanczos / gaussian / mitchellcubic): the forward spans transposed and
  gathered rows first, tap by tap (a weight-matrix einsum was an ulp off in about half the pixels);
- ResizeBicubicGrad: each output's gradient times its row weight times its column weight, scattered to
  its 16 sources in output order, in the image's dtype (float64 images got a float32 gradient cast up);
  half-float images get None (TF's gradient function);
- float64 / float16 images through ScaleAndTranslate: the gradient is TF's dtype error (its grad kernel
  is float32 only), as ResizeArea's is its LookupError."""
import numpy as np
import pytest

import framework as tf

X0 = np.array([-1.69, 1.12, -0.25, 0.89, 1.91, 0.15, 0.0, -1.71, -0.93, -0.0, 0.72, 1.21]).reshape(1, 3, 4, 1)
GY = np.array([0.75, 0.94, 0.74, 0.06, -0.53, -0.98, -0.14, -0.2, 0.05, -0.04, 0.11, 0.09, 0.52, 0.42,
               0.24]).reshape(1, 5, 3, 1)


def _gradient(dtype, method, antialias):
    x = tf.constant(X0, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.image.resize(x, [5, 3], method=method, antialias=antialias)
    return tape.gradient(y, x, output_gradients=tf.constant(GY, tf.float32))


@pytest.mark.parametrize('dtype, method, antialias, expected', [
    ('float32', 'lanczos3', False, [
        0.6883429288864136, 0.5748169422149658, 0.4322279691696167, 0.04590573161840439, -0.1928836852312088,
        -0.3977261781692505, -0.42920753359794617, -0.3347242772579193, 0.41229379177093506, 0.4718680679798126,
        0.44914963841438293, 0.30993619561195374]),
    ('float32', 'bilinear', True, [
        0.5501999855041504, 0.5468000173568726, 0.3566000163555145, 0.1064000204205513, -0.09239998459815979,
        -0.22360001504421234, -0.2757999897003174, -0.21420006453990936, 0.3471999764442444, 0.3917999863624573,
        0.33119997382164, 0.20580002665519714]),
    ('float32', 'mitchellcubic', True, [
        0.5632919073104858, 0.5560098886489868, 0.3278502821922302, 0.10459940135478973, -0.09952165186405182,
        -0.21982598304748535, -0.2885943651199341, -0.23777367174625397, 0.35164085030555725, 0.3976684510707855,
        0.3396514058113098, 0.2350033074617386]),
    ('float32', 'bicubic', False, [
        0.7093273401260376, 0.4767268896102905, 0.38269272446632385, 0.09684420377016068, -0.17267581820487976,
        -0.2882152795791626, -0.3084123134613037, -0.30422765016555786, 0.4359287917613983, 0.3699963092803955,
        0.34684962034225464, 0.28516483306884766]),
    ('float64', 'bicubic', False, [
        0.7093273925042436, 0.4767268828051289, 0.3826926712355078, 0.0968442900414392, -0.17267580773336158,
        -0.2882152720598697, -0.30841235371123826, -0.30422762301461165, 0.43592881956366347, 0.3699963326855875,
        0.34684961491106886, 0.2851648233783842]),
])
def test_resize_gradient_bits(dtype, method, antialias, expected):
    g = _gradient(dtype, method, antialias)
    assert g.dtype.name == dtype
    assert g.numpy().ravel().tolist() == expected


def test_half_float_bicubic_gradient_is_none():
    assert _gradient('float16', 'bicubic', False) is None


@pytest.mark.parametrize('dtype, kernel_name', [('float64', 'double'), ('float16', 'half')])
@pytest.mark.parametrize('method, antialias', [('lanczos3', False), ('bilinear', True), ('gaussian', False)])
def test_non_float32_scale_and_translate_gradient_is_tf_dtype_error(dtype, kernel_name, method, antialias):
    x = tf.constant(X0, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.image.resize(x, [5, 2], method=method, antialias=antialias)
    assert y.dtype.name == 'float32'
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tape.gradient(y, x)
    assert str(info.value) == ('cannot compute ScaleAndTranslateGrad as input #1(zero-based) was expected to be a '
                               'float tensor but is a %s tensor [Op:ScaleAndTranslateGrad] name: ' % kernel_name)
