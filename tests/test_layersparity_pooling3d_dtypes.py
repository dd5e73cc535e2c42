"""MaxPooling3D / AveragePooling3D call tf.nn's 3-D pools as Keras's TF backend does, so float64 and
float16 layers meet TF 2.21's refusals (TF has no such CPU kernels: MaxPool3D's attr error, AvgPool3D's and
half MaxPool3D's NotFoundError); tapeflow pooled them. Texts printed by TF 2.21."""
import numpy as np
import pytest

from framework import errors, keras

L = keras.layers

CASES = [
    (lambda: L.MaxPooling3D(2, dtype='float64'), errors.InvalidArgumentError,
     "Exception encountered when calling MaxPooling3D.call().\n\n\x1b[1mValue for attr 'T' of double is "
     'not in the list of allowed values: half, bfloat16, float\n\t; NodeDef: {{node MaxPool3D}}; Op<name'
     '=MaxPool3D; signature=input:T -> output:T; attr=ksize:list(int),min=5; attr=strides:list(int),min='
     '5; attr=padding:string,allowed=["SAME", "VALID"]; attr=data_format:string,default="NDHWC",allowed='
     '["NDHWC", "NCDHW"]; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT]> [Op:MaxPool3D] name: '
     '\x1b[0m\n\nArguments received by MaxPooling3D.call():\n  • inputs=tf.Tensor(shape=(1, 2, 2, 2, 1),'
     ' dtype=float64)'),
    (lambda: L.AveragePooling3D(2, dtype='float64'), errors.NotFoundError,
     'Exception encountered when calling AveragePooling3D.call().\n\n\x1b[1mCould not find device for no'
     'de: {{node AvgPool3D}} = AvgPool3D[T=DT_DOUBLE, data_format="NDHWC", ksize=[1, 2, 2, 2, 1], paddin'
     'g="VALID", strides=[1, 2, 2, 2, 1]]\nAll kernels registered for op AvgPool3D:\n  device=\'XLA_CPU_'
     "JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_BFLOAT16, DT_HALF]\n  device='CPU'; T in [DT_BFLOAT16]\n  devi"
     "ce='CPU'; T in [DT_FLOAT]\n [Op:AvgPool3D] name: \x1b[0m\n\nArguments received by AveragePooling3D"
     '.call():\n  • inputs=tf.Tensor(shape=(1, 2, 2, 2, 1), dtype=float64)'),
    (lambda: L.MaxPooling3D(2, dtype='float16'), errors.NotFoundError,
     'Exception encountered when calling MaxPooling3D.call().\n\n\x1b[1mCould not find device for node: '
     '{{node MaxPool3D}} = MaxPool3D[T=DT_HALF, data_format="NDHWC", ksize=[1, 2, 2, 2, 1], padding="VAL'
     'ID", strides=[1, 2, 2, 2, 1]]\nAll kernels registered for op MaxPool3D:\n  device=\'XLA_CPU_JIT\';'
     " T in [DT_FLOAT, DT_BFLOAT16, DT_HALF]\n  device='CPU'; T in [DT_BFLOAT16]\n  device='CPU'; T in ["
     'DT_FLOAT]\n [Op:MaxPool3D] name: \x1b[0m\n\nArguments received by MaxPooling3D.call():\n  • inputs'
     '=tf.Tensor(shape=(1, 2, 2, 2, 1), dtype=float16)'),
]


@pytest.mark.parametrize('make, error, text', CASES)
def test_dtypes_without_cpu_kernels_refused_as_tf(make, error, text):
    with pytest.raises(error) as caught:
        make()(np.ones((1, 2, 2, 2, 1)))
    assert str(caught.value) == text


def test_float32_pools_still():
    x = np.arange(8.0).reshape(1, 2, 2, 2, 1)
    assert L.MaxPooling3D(2)(x).numpy().ravel().tolist() == [7.0]
    first = L.AveragePooling3D(2, data_format='channels_first')
    assert first(x.reshape(1, 1, 2, 2, 2)).numpy().ravel().tolist() == [3.5]
