"""A pooling layer's padding spelled otherwise than 'valid' / 'same': Keras 3 keeps it as given (its config too),
an eager call lower-cases it for the kernel, a model's build compares it as written (TF 2.21, probe
notes/progs/errors26 j7.py / p_pool2.py). tapeflow lower-cased it at construction and refused 'full' there."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
SHAPES = {1: (1, 6, 3), 2: (1, 6, 6, 3), 3: (1, 4, 4, 4, 2)}
CLASSES = [(L.MaxPooling1D, 1), (L.MaxPooling2D, 2), (L.MaxPooling3D, 3),
           (L.AveragePooling1D, 1), (L.AveragePooling2D, 2), (L.AveragePooling3D, 3)]


def _symbolic_text(cls, shape, padding):
    return ("Exception encountered when calling %s.call().\n\n\x1b[1mArgument `padding` must be either 'valid' or "
            "'same'. Received: padding=%s\x1b[0m\n\nArguments received by %s.call():\n  \u2022 args=('<KerasTensor "
            "shape=%s, dtype=float32, sparse=False, ragged=False, name=keras_tensor>',)\n  \u2022 kwargs=<class "
            "'inspect._empty'>" % (cls.__name__, padding, cls.__name__, (None,) + shape[1:]))


@pytest.mark.parametrize('cls, rank', CLASSES)
@pytest.mark.parametrize('padding', ['SAME', 'Valid', 'full'])
def test_a_model_build_refuses_other_spellings_with_keras_words(cls, rank, padding):
    keras.backend.clear_session()
    shape = SHAPES[rank]
    assert cls(2, padding=padding).get_config()['padding'] == padding
    with pytest.raises(ValueError) as caught:
        keras.Sequential([keras.Input(shape[1:]), cls(2, padding=padding)])
    assert str(caught.value) == _symbolic_text(cls, shape, padding)


@pytest.mark.parametrize('cls, rank', CLASSES)
def test_an_eager_call_takes_upper_case(cls, rank):
    out = cls(2, padding='SAME')(tf.ones(SHAPES[rank]))
    assert tuple(out.shape) == {1: (1, 3, 3), 2: (1, 3, 3, 3), 3: (1, 2, 2, 2, 2)}[rank]


@pytest.mark.parametrize('cls', [L.MaxPooling1D, L.MaxPooling2D])
def test_an_eager_call_with_an_unknown_padding_is_the_kernel_attr_error(cls):
    x = tf.ones(SHAPES[1 if cls is L.MaxPooling1D else 2])
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        cls(2, padding='full')(x)
    text = str(caught.value)
    assert text.startswith('Exception encountered when calling %s.call().\n\n\x1b[1mValue for attr \'padding\' of '
                           '"FULL" is not in the list of allowed values: "SAME", "VALID", "EXPLICIT"\n\t; NodeDef: '
                           '{{node MaxPool}}; Op<name=MaxPool; ' % cls.__name__)
    assert text.endswith('[Op:MaxPool] name: \x1b[0m\n\nArguments received by %s.call():\n  \u2022 inputs=tf.Tensor('
                         'shape=%s, dtype=float32)' % (cls.__name__, tuple(x.shape)))


def test_a_padding_that_is_no_string_fails_on_lower_at_the_call():
    with pytest.raises(AttributeError) as caught:
        L.MaxPooling2D(2, padding=3)(tf.ones((1, 6, 6, 3)))
    assert str(caught.value) == ("Exception encountered when calling MaxPooling2D.call().\n\n\x1b[1m'int' object has "
                                 "no attribute 'lower'\x1b[0m\n\nArguments received by MaxPooling2D.call():\n  \u2022 "
                                 "inputs=tf.Tensor(shape=(1, 6, 6, 3), dtype=float32)")


def test_a_sequential_without_input_refuses_at_its_first_fit():
    keras.backend.clear_session()
    model = keras.Sequential([L.MaxPooling2D(2, padding='SAME'), L.Flatten(), L.Dense(1)])
    model.compile('sgd', 'mse')
    with pytest.raises(ValueError, match="Argument `padding` must be either 'valid' or 'same'. Received: padding=SAME"):
        model.fit(np.ones((2, 6, 6, 3), 'float32'), np.ones((2, 1)), verbose=0)


@pytest.mark.usefixtures('xeon_cpu')        # (the AvgPool3D kernel named is oneDNN's on this Xeon)
@pytest.mark.parametrize('op, dtype, node, signature, types', [
    ('max_pool3d', 'float32', 'MaxPool3D', 'input', 'DT_HALF, DT_BFLOAT16, DT_FLOAT'),
    ('max_pool3d', 'float64', 'MaxPool3D', 'input', 'DT_HALF, DT_BFLOAT16, DT_FLOAT'),
    ('avg_pool3d', 'float32', '_MklNativeAvgPool3D', 'value', 'DT_FLOAT, DT_HALF, DT_DOUBLE, DT_BFLOAT16'),
    ('avg_pool3d', 'float64', 'AvgPool3D', 'input', 'DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE'),
])
def test_3d_pools_print_their_kernel_definition_for_an_unknown_padding(op, dtype, node, signature, types):
    # TF 2.21 (probe errors26 p_pool3d.py): the attr is checked before a float64 MaxPool3D kernel is looked for
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        getattr(tf.nn, op)(tf.ones((1, 4, 4, 4, 2), dtype), 2, 2, 'FULL')
    assert str(caught.value) == (
        'Value for attr \'padding\' of "FULL" is not in the list of allowed values: "SAME", "VALID"\n\t; NodeDef: '
        '{{node %s}}; Op<name=%s; signature=%s:T -> output:T; attr=ksize:list(int),min=5; attr=strides:list(int),'
        'min=5; attr=padding:string,allowed=["SAME", "VALID"]; attr=data_format:string,default="NDHWC",allowed='
        '["NDHWC", "NCDHW"]; attr=T:type,allowed=[%s]> [Op:%s] name: '
        % (node, node, signature, types, 'MaxPool3D' if op == 'max_pool3d' else 'AvgPool3D'))
