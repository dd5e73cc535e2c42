"""tf.compat.v1.image's resizes (resize_bilinear / resize_nearest_neighbor / resize_bicubic / resize_area /
resize) with align_corners and TF 1's legacy pixel grid, values and gradients as TF 2.21 prints them.

Before, tapeflow had none of them: tf.compat.v1.image.resize (TF 1 code's ``resize(x, size,
align_corners=True)``, DeepLab's upsampling) raised "'module' object is not callable" and the others
AttributeError. Values: notes/progs/gradfuzz11/t_pin.py under TF 2.21 (t_legacy.py: 132 lines, all equal).
"""
import numpy as np
import pytest

import framework as tf

I = tf.compat.v1.image
X = np.array([[0.84, -0.3, 1.1], [0.5, 0.27, -1.45], [1.62, -0.07, 0.39]], np.float32).reshape(1, 3, 3, 1)
W = np.array([0.3, -0.7, 1.0, 0.2, 0.5, -0.4, 0.9, 0.1, -0.6, 0.8, 0.35, -0.25, 0.45, 0.6, -0.9, 0.15, 0.05,
              0.75, -0.55, 0.65], np.float32)

TF = {
    'bilinear_align': (
        [
         '0x1.ae147a0000000p-1', '0x1.147ae00000000p-2', '-0x1.3333340000000p-2', '0x1.99999c0000000p-2',
         '0x1.19999a0000000p+0', '0x1.3a06d40000000p-1', '0x1.62fc960000000p-2', '0x1.47ae200000000p-4',
         '-0x1.0a3d740000000p-2', '-0x1.3333380000000p-1', '0x1.bf258c0000000p-1', '0x1.07ae140000000p-1',
         '0x1.40da740000000p-3', '-0x1.5c28f60000000p-2', '-0x1.ac5f920000000p-1', '0x1.9eb8520000000p+0',
         '0x1.8ccccc0000000p-1', '-0x1.1eb8520000000p-4', '0x1.47ae140000000p-3', '0x1.8f5c280000000p-2'],
        [
         '-0x1.1111080000000p-5', '0x1.aaaaa80000000p-1', '0x1.8888880000000p-1', '0x1.7777760000000p-3',
         '0x1.2aaaaa0000000p-1', '-0x1.1111000000000p-4', '0x1.0000020000000p-2', '0x1.6aaaac0000000p-1',
         '0x1.6666600000000p-3']),
    'bilinear_legacy': (
        [
         '0x1.ae147a0000000p-1', '0x1.3f7ce80000000p-3', '-0x1.47adc00000000p-6', '0x1.a3d70e0000000p-1',
         '0x1.19999a0000000p+0', '0x1.2b851e0000000p-1', '0x1.3df3b40000000p-2', '-0x1.ef9dcc0000000p-5',
         '-0x1.3fbe7a0000000p-1', '-0x1.a000040000000p-1', '0x1.0f5c280000000p+0', '0x1.ef9db00000000p-2',
         '-0x1.a9fc100000000p-6', '-0x1.9db2300000000p-2', '-0x1.0f5c2a0000000p-1', '0x1.9eb8520000000p+0',
         '0x1.3645a00000000p-1', '0x1.6872c00000000p-6', '0x1.3126ec0000000p-2', '0x1.8f5c280000000p-2'],
        [
         '0x1.47ae500000000p-7', '0x1.170a3c0000000p-1', '0x1.e3d70e0000000p-1', '0x1.851ea80000000p-4',
         '0x1.147ae00000000p-1', '0x1.70a3e00000000p-4', '0x1.2e147a0000000p-2', '0x1.5eb8520000000p-1',
         '0x1.8f5c260000000p-3']),
    'nearest_align': (
        [
         '0x1.ae147a0000000p-1', '-0x1.3333340000000p-2', '-0x1.3333340000000p-2', '0x1.19999a0000000p+0',
         '0x1.19999a0000000p+0', '0x1.0000000000000p-1', '0x1.147ae20000000p-2', '0x1.147ae20000000p-2',
         '-0x1.7333340000000p+0', '-0x1.7333340000000p+0', '0x1.0000000000000p-1', '0x1.147ae20000000p-2',
         '0x1.147ae20000000p-2', '-0x1.7333340000000p+0', '-0x1.7333340000000p+0', '0x1.9eb8520000000p+0',
         '-0x1.1eb8520000000p-4', '-0x1.1eb8520000000p-4', '0x1.8f5c280000000p-2', '0x1.8f5c280000000p-2'],
        [
         '0x1.3333340000000p-2', '0x1.3333340000000p-2', '0x1.6666660000000p-1', '-0x1.9999a00000000p-5',
         '0x1.3333340000000p+0', '-0x1.9999900000000p-4', '0x1.3333340000000p-3', '0x1.99999a0000000p-1',
         '0x1.9999900000000p-4']),
    'nearest_legacy': (
        [
         '0x1.ae147a0000000p-1', '-0x1.3333340000000p-2', '0x1.ae147a0000000p-1', '-0x1.3333340000000p-2',
         '0x1.0000000000000p-1', '0x1.147ae20000000p-2', '0x1.0000000000000p-1', '0x1.147ae20000000p-2',
         '0x1.9eb8520000000p+0', '-0x1.1eb8520000000p-4'],
        [
         '0x1.4ccccc0000000p+0', '-0x1.0000000000000p-1', '0x0.0p+0', '0x1.6666660000000p+0',
         '-0x1.3333340000000p-2', '0x0.0p+0', '-0x1.3333340000000p-1', '0x1.99999a0000000p-1', '0x0.0p+0']),
    'bicubic_legacy': (
        [
         '0x1.ae147a0000000p-1', '-0x1.112a900000000p-7', '-0x1.4d75fa0000000p-3', '0x1.a6df500000000p-1',
         '0x1.404b660000000p+0', '0x1.d5eb840000000p-2', '0x1.aea0c20000000p-2', '-0x1.1c444e0000000p-4',
         '-0x1.b54c040000000p-1', '-0x1.3356280000000p+0', '0x1.0733340000000p+0', '0x1.2f82920000000p-1',
         '-0x1.7d62dc0000000p-4', '-0x1.414e920000000p-1', '-0x1.bcc1040000000p-1', '0x1.bcf5c40000000p+0',
         '0x1.1263f40000000p-1', '-0x1.4a90960000000p-3', '0x1.ac352c0000000p-2', '0x1.512d700000000p-1'],
        [
         '-0x1.9f4cfe0000000p-4', '0x1.ec3cc20000000p-2', '0x1.1418d40000000p+0', '0x1.06ee7e0000000p-4',
         '0x1.5ba0480000000p-1', '-0x1.314f340000000p-9', '0x1.cc32c20000000p-3', '0x1.8b8d020000000p-1',
         '0x1.a1ff960000000p-3']),
    'bicubic_align': (
        [
         '0x1.ae147a0000000p-1', '0x1.1c28ee0000000p-3', '-0x1.3333340000000p-2', '0x1.2c28f40000000p-2',
         '0x1.19999a0000000p+0', '0x1.ee0d580000000p-2', '0x1.9705700000000p-2', '0x1.073cfe0000000p-3',
         '-0x1.94aea40000000p-2', '-0x1.b483800000000p-1', '0x1.a0fba60000000p-1', '0x1.4cbfac0000000p-1',
         '0x1.cfb3480000000p-3', '-0x1.09dee40000000p-1', '-0x1.279bea0000000p+0', '0x1.9eb8520000000p+0',
         '0x1.76b8520000000p-1', '-0x1.1eb8520000000p-4', '0x1.9999400000000p-10', '0x1.8f5c280000000p-2'],
        [
         '-0x1.bb17880000000p-5', '0x1.6f5b720000000p-1', '0x1.b8847a0000000p-1', '0x1.c0ac360000000p-3',
         '0x1.7dc1100000000p-1', '-0x1.0693580000000p-3', '0x1.12400c0000000p-2', '0x1.4216b40000000p-1',
         '0x1.2481600000000p-3']),
    'bicubic_align_width1_f64': (
        [
         '0x1.ae147a0000000p-1', '0x1.ae147c0000000p-1', '0x1.ae147c0000000p-1', '0x1.ee0d580000000p-2',
         '0x1.ee0d560000000p-2', '0x1.ee0d580000000p-2', '0x1.a0fba60000000p-1', '0x1.a0fba80000000p-1',
         '0x1.a0fba60000000p-1', '0x1.9eb8520000000p+0', '0x1.9eb8540000000p+0', '0x1.9eb8540000000p+0'],
        [
         '0x1.4cbef1ad82d59p-1', '0x1.1d84d85deb2e0p-1', '0x1.fc229c67c52e0p-1']),
    'bilinear_align_width1_f64': (
        [
         '0x1.ae147a0000000p-1', '0x1.ae147a0000000p-1', '0x1.ae147a0000000p-1', '0x1.ae147a0000000p-1',
         '0x1.ae147a0000000p-1', '0x1.ae147a0000000p-1', '0x1.9eb8520000000p+0', '0x1.9eb8520000000p+0',
         '0x1.9eb8520000000p+0', '0x1.9eb8520000000p+0', '0x1.9eb8520000000p+0', '0x1.9eb8520000000p+0'],
        [
         '0x1.cccccd0000000p-1', '0x0.0p+0', '0x1.4ccccc2800000p+0']),
    'area_align': [
        '0x1.4f5c280000000p-2', '-0x1.6666680000000p-3', '0x1.8ccccc0000000p-1', '0x1.8f5c280000000p-2'],
    'resize_v1_3d': [
        '0x1.ae147a0000000p-1', '0x1.47ae100000000p-4', '0x1.5555600000000p-3', '0x1.19999a0000000p+0',
        '0x1.9eb8520000000p+0', '0x1.f92c580000000p-2', '0x1.55555a0000000p-4', '0x1.8f5c280000000p-2'],
}


def _hex(array):
    return [float(v).hex() for v in np.ravel(array)]


def _run(resize, x, size, dtype=np.float32):
    v = tf.Variable(x.astype(dtype))
    with tf.GradientTape() as tape:
        y = resize(v, size)
        n = int(np.prod(y.shape))
        loss = tf.reduce_sum(tf.cast(y, tf.float32) * tf.constant(W[:n].reshape(y.shape)))
    return y, tape.gradient(loss, v)


CASES = {
    'bilinear_align': (lambda v, s: I.resize_bilinear(v, s, align_corners=True), X, [4, 5], np.float32),
    'bilinear_legacy': (lambda v, s: I.resize_bilinear(v, s), X, [4, 5], np.float32),
    'nearest_align': (lambda v, s: I.resize_nearest_neighbor(v, s, align_corners=True), X, [4, 5], np.float32),
    'nearest_legacy': (lambda v, s: I.resize_nearest_neighbor(v, s), X, [5, 2], np.float32),
    'bicubic_legacy': (lambda v, s: I.resize_bicubic(v, s), X, [4, 5], np.float32),
    'bicubic_align': (lambda v, s: I.resize_bicubic(v, s, align_corners=True), X, [4, 5], np.float32),
    # one column: TF scales by in / out there, not (in - 1) / (out - 1)
    'bicubic_align_width1_f64': (lambda v, s: I.resize_bicubic(v, s, align_corners=True), X[:, :, :1], [4, 3],
                                 np.float64),
    'bilinear_align_width1_f64': (lambda v, s: I.resize_bilinear(v, s, align_corners=True), X[:, :, :1], [2, 6],
                                  np.float64),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_values_and_gradients_are_tf_bits(name):
    resize, x, size, dtype = CASES[name]
    y, g = _run(resize, x, size, dtype)
    assert y.dtype.name == ('float32' if 'nearest' not in name else np.dtype(dtype).name)
    assert _hex(y.numpy()) == TF[name][0]
    assert g.dtype.name == np.dtype(dtype).name
    assert _hex(g.numpy()) == TF[name][1]


def test_area_with_align_corners():
    assert _hex(I.resize_area(X, [2, 2], align_corners=True).numpy()) == TF['area_align']


def test_v1_resize_takes_single_images_and_method_numbers():
    y = I.resize(X[0], [2, 4], align_corners=True)
    assert tuple(y.shape) == (2, 4, 1)
    assert _hex(y.numpy()) == TF['resize_v1_3d']
    ints = np.arange(6, dtype=np.int32).reshape(2, 3, 1)
    assert I.resize(ints, [2, 3]).dtype.name == 'int32'          # same size: no resize at all
    nearest = I.resize(ints, [3, 2], method=I.ResizeMethod.NEAREST_NEIGHBOR, align_corners=True)
    assert nearest.dtype.name == 'int32' and nearest.numpy().ravel().tolist() == [0, 2, 3, 5, 3, 5]
    assert I.ResizeMethod.BICUBIC == 2
    with pytest.raises(ValueError) as info:
        I.resize(X, [3, 5], method='lanczos3')
    assert str(info.value) == 'Resize method is not implemented: lanczos3'


WRAPPED = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]'


@pytest.mark.parametrize('call, kernel, text', [
    (lambda: I.resize_bilinear(X[0], [2, 2]), 'ResizeBilinear', 'input must be 4-dimensional[3,3,1]'),
    (lambda: I.resize_nearest_neighbor(X, [2, 2], align_corners=True, half_pixel_centers=True),
     'ResizeNearestNeighbor', 'If half_pixel_centers is True, align_corners must be False.'),
    (lambda: I.resize_bilinear(X, [0, 2]), 'ResizeBilinear', 'output dimensions must be positive'),
    (lambda: I.resize_bilinear(X, [2, 5, 1]), 'ResizeBilinear', 'shape_t must have two elements[3]'),
])
def test_kernel_refusals_in_tf_words(call, kernel, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == WRAPPED % (kernel, text, kernel)     # a list size: TF's slow path, no name


@pytest.mark.parametrize('method, antialias, kernel', [
    ('bilinear', False, 'ResizeBilinear'), ('bilinear', True, 'ScaleAndTranslate'),
    ('nearest', False, 'ResizeNearestNeighbor'), ('bicubic', False, 'ResizeBicubic'), ('area', False, 'ResizeArea'),
    ('lanczos3', False, 'ScaleAndTranslate')])
def test_preserve_aspect_ratio_to_zero_pixels_is_the_kernels_refusal(method, antialias, kernel):
    # a 5 x 1 image fitted into 1 x 3 keeps 1 x 0 (TF: InvalidArgumentError, tapeflow divided by zero)
    x = np.ones((1, 5, 1, 1), np.float32)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.image.resize(x, [1, 3], method=method, preserve_aspect_ratio=True, antialias=antialias)
    assert str(info.value) == WRAPPED % (kernel, 'output dimensions must be positive', kernel) + ' name: '


def test_float64_antialias_gradient_refusal_eager_and_traced():
    # TF's ScaleAndTranslateGrad takes float32 only: eagerly its kernel refuses a float64 image, in a
    # tf.function the op's construction does (a TypeError; tapeflow raised the eager error there too)
    x = tf.Variable(np.ones((1, 4, 5, 1)))

    def body():
        with tf.GradientTape() as tape:
            y = tf.image.resize(x, [6, 2], method='bilinear', antialias=True)
            loss = tf.reduce_sum(tf.square(y))
        return tape.gradient(loss, x)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        body()
    assert str(info.value) == ('cannot compute ScaleAndTranslateGrad as input #1(zero-based) was expected to be a '
                               'float tensor but is a double tensor [Op:ScaleAndTranslateGrad] name: ')
    with pytest.raises(TypeError) as info:
        tf.function(body)()
    assert str(info.value).splitlines()[-1].strip() == (
        "TypeError: Input 'original_image' of 'ScaleAndTranslateGrad' Op has type float64 that does not match "
        "type float32 of argument 'grads'.")
