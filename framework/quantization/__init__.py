"""``tf.quantization``: simulated quantization with TensorFlow's kernels' arithmetic and gradients.

Not here: ``quantize`` / ``dequantize`` / ``quantized_concat`` (they need TensorFlow's quantized
dtypes, qint8 & co., which tapeflow does not have) and ``tf.quantization.experimental``.
"""
from .fake_quant import (fake_quant_with_min_max_args, fake_quant_with_min_max_args_gradient,  # noqa: F401
                         fake_quant_with_min_max_vars, fake_quant_with_min_max_vars_gradient,
                         fake_quant_with_min_max_vars_per_channel,
                         fake_quant_with_min_max_vars_per_channel_gradient)
from .quantize_dequantize import quantize_and_dequantize, quantize_and_dequantize_v2  # noqa: F401

__all__ = ['fake_quant_with_min_max_args', 'fake_quant_with_min_max_args_gradient', 'fake_quant_with_min_max_vars',
           'fake_quant_with_min_max_vars_gradient', 'fake_quant_with_min_max_vars_per_channel',
           'fake_quant_with_min_max_vars_per_channel_gradient', 'quantize_and_dequantize',
           'quantize_and_dequantize_v2']
