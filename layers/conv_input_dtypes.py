"""Integer, bool, complex or string inputs given straight to a convolution layer.

Keras 3 casts only floating inputs to a layer's dtype, so ``Conv2D(8, 3)(uint8_images)`` hands the
uint8 tensor to TensorFlow's convolution with the float kernel, and TF 2.21 refuses it; which error
depends on the layer's path (checked against /opt/tfref):

- Conv2D / Conv3D and their transposes convert the kernel *Variable* to the input's dtype:
  ValueError 'Incompatible type conversion requested to type int32 for `tf.Variable of type float32 ...';
- Conv1D and ConvLSTM1D/2D reach the Conv2D kernel (int32 is in its list: input #1's dtype error;
  other dtypes: its registry error), ConvLSTM3D Conv3D's, the depthwise and separable layers
  DepthwiseConv2dNative's, Conv1DTranspose Conv2DBackpropInput's input #2 check;
- a dilated forward convolution first runs SpaceToBatchND, which has no CPU kernel for bool,
  complex or string tensors (NotFoundError).

Through a model the Input layer casts first (Sequential, functional, fit and predict all compute).
"""
from framework import onednn_policy
from framework.keras_operands import variable_conversion_error
from framework.ops.graph_input_errors import eager_input_error
from framework.ops import cast
from framework.ops.float_kernels import refusal
from framework.ops.missing_kernels import not_found

from .failed_build import keep_build


def conv_inputs(inputs, kernel, layer, path, dilated=False, op_name=''):
    """``inputs`` cast to ``kernel``'s dtype when floating, else TensorFlow's error for ``path``:
    'variable' (Conv2D/3D and transposes), 'Conv2D', 'Conv3D', 'DepthwiseConv2dNative' (the kernel
    a forward layer reaches) or 'Conv2DBackpropInput' (Conv1DTranspose). Called only when the
    dtypes differ, off the float32 path. ``op_name``: the name TF's kernel error ends with (Keras's
    separable_conv2d names its depthwise op 'depthwise')."""
    if inputs._data.dtype.kind == 'f':
        return cast(inputs, kernel.dtype)
    name = inputs.dtype.name
    if dilated and path != 'Conv2DBackpropInput' and inputs._data.dtype.kind not in 'iu':
        error = not_found('SpaceToBatchND', name, layer.name)
    elif path == 'variable':
        error = variable_conversion_error(kernel, inputs._data.dtype)
    elif path == 'Conv2DBackpropInput':
        mkl = kernel.dtype.name == 'float32' and onednn_policy.enabled()
        error = eager_input_error('Conv2DBackpropInput', 2, kernel.dtype, name,
                                  runs='_MklNativeConv2DBackpropInput' if mkl else None)
    elif path == 'Conv2D' and name == 'int32':      # in Conv2D's list: the filter's dtype is what differs
        error = eager_input_error('Conv2D', 1, 'int32', kernel.dtype, named=not dilated)
    else:
        error = refusal(path, name)
        if op_name and str(error).endswith(' name: '):
            error = type(error)(str(error) + op_name)
    error.add_note('%s %r: Keras casts only floating inputs to the layer\'s dtype; cast these %s inputs first '
                   '(tf.cast(x, %r)) or call the layer through a model whose Input casts them'
                   % (type(layer).__name__, layer.name, name, kernel.dtype.name))
    raise keep_build(error)       # Keras 3 built the layer before its call refused the dtype
