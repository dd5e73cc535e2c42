"""tf.signal's complex transforms refuse real inputs and short ranks in TF 2.21's words.

Every expected text below was printed by TF 2.21 (/work/notes/progs/opsfuzz9/p03_fft_err.py), e.g.
    try: tf.signal.fft(tf.constant([1., 2.]))
    except Exception as e: print(type(e).__name__, e)
"""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _attr_error(kernel, dtype_name, nd=False):
    inputs = 'input:Tcomplex, fft_length:int32, axes:int32' if nd else 'input:Tcomplex'
    return ("Value for attr 'Tcomplex' of %s is not in the list of allowed values: complex64, complex128\n\t; NodeDef: "
            "{{node %s}}; Op<name=%s; signature=%s -> output:Tcomplex; attr=Tcomplex:type,default=DT_COMPLEX64,"
            "allowed=[DT_COMPLEX64, DT_COMPLEX128]> [Op:%s] name: " % (dtype_name, kernel, kernel, inputs, kernel))


@pytest.mark.parametrize('name, kernel', [('fft', 'FFT'), ('ifft2d', 'IFFT2D'), ('fft3d', 'FFT3D')])
def test_real_input_is_the_kernels_attr_error_before_its_rank_check(name, kernel):
    with pytest.raises(InvalidArgumentError) as info:
        getattr(tf.signal, name)(tf.constant([1., 2.]))     # rank 1: fft3d's dtype check still comes first
    assert str(info.value) == _attr_error(kernel, 'float')
    with pytest.raises(InvalidArgumentError) as info:
        getattr(tf.signal, name)(tf.constant([1, 2]))
    assert str(info.value) == _attr_error(kernel, 'int32')


def test_nd_transforms_name_their_kernel_signature():
    with pytest.raises(InvalidArgumentError) as info:
        tf.signal.fftnd(tf.constant([1., 2.], tf.float64))
    assert str(info.value) == _attr_error('FFTND', 'double', nd=True)


def test_short_rank_is_the_kernels_error_with_the_fast_paths_tail():
    with pytest.raises(InvalidArgumentError) as info:
        tf.signal.fft(tf.constant(1 + 0j, tf.complex64))
    assert str(info.value) == ('{{function_node __wrapped__FFT_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Input must have rank of at least 1 but got: [] [Op:FFT] name: ')
    with pytest.raises(InvalidArgumentError) as info:
        tf.signal.ifft3d(tf.ones([2, 2], tf.complex64))
    assert str(info.value) == ('{{function_node __wrapped__IFFT3D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Input must have rank of at least 3 but got: [2,2] [Op:IFFT3D] name: ')
    with pytest.raises(InvalidArgumentError) as info:      # a Python list: the slow path, no ' name: '
        tf.signal.fft2d([1., 2.])
    assert str(info.value) == ('{{function_node __wrapped__FFT2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Input must have rank of at least 2 but got: [2] [Op:FFT2D]')


def test_irfft_checks_rank_then_refuses_a_real_tensor_in_python():
    with pytest.raises(ValueError) as info:
        tf.signal.irfft(tf.constant([1., 2.]))
    assert type(info.value) is ValueError
    assert str(info.value) == ('IRFFT requires tf.complex64 or tf.complex128 inputs, got: '
                               'tf.Tensor([1. 2.], shape=(2,), dtype=float32)')
    with pytest.raises(ValueError) as info:
        tf.signal.irfft2d(tf.constant([1., 2.]))
    assert str(info.value) == 'Shape (2,) must have rank at least 2'
    with pytest.raises(ValueError) as info:
        tf.signal.irfft(tf.constant(1 + 0j, tf.complex64))
    assert str(info.value) == 'Shape () must have rank at least 1'
    with pytest.raises(ValueError) as info:
        tf.signal.irfftnd(tf.constant([1., 2.]))
    assert str(info.value).startswith('IRFFT requires tf.complex64 or tf.complex128 inputs, got: ')
