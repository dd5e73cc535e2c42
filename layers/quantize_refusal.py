"""``Layer.quantize``: Keras 3's checks of its arguments, then the refusal of a layer that does not
quantize. Keras 3 quantizes Dense, EinsumDense and Embedding weights to int8 / int4 / float8; tapeflow
quantizes none, so after the same checks (same ValueErrors) every layer refuses as Keras's base Layer
does, with a note for the layers Keras would have quantized."""
from framework.errors import noted

QUANTIZATION_MODES = ('int8', 'float8', 'int4', 'gptq', 'awq')      # keras.src.dtype_policies, 3.15
_KERAS_QUANTIZES = ('Dense', 'EinsumDense', 'Embedding', 'ReversibleEmbedding')


def refuse_quantize(layer, mode, config=None, extra_keywords=None):
    """Raise what Keras 3.15's ``layer.quantize(mode)`` raises on a layer without int8 kernels. A model
    (``extra_keywords``: the keywords Model.quantize does not know) checks those after the mode and
    whether it is built, as Keras does, then refuses for all its layers."""
    if isinstance(config, str):        # Keras's backwards-compatible quantize(config='int8')
        mode, config = config, None
    if mode is not None and mode not in QUANTIZATION_MODES:        # (checked before whether it is built)
        raise ValueError('Invalid quantization mode. Expected one of %s. Received: mode=%s'
                         % (QUANTIZATION_MODES, mode))
    if config is None:
        if mode == 'gptq':
            raise ValueError('For GPTQ, you must pass a `GPTQConfig` object in the `config` argument.')
        if mode == 'awq':
            raise ValueError('For AWQ, you must pass an `AWQConfig` object in the `config` argument.')
        if mode is None:
            raise ValueError('You must provide either `mode` or `config` to `quantize`.')
    if not layer.built:
        raise ValueError("Cannot quantize a layer that isn't yet built. Layer '%s' (of type '%s') is not built yet."
                         % (layer.name, type(layer).__name__))
    if mode == 'int8' and layer.compute_dtype == 'float16':
        raise ValueError("Quantization mode='%s' doesn't work well with compute_dtype='float16'. Consider loading "
                         "model/layer with another dtype policy such as 'mixed_bfloat16' or 'mixed_float16' before "
                         'calling `quantize()`.' % mode)
    if extra_keywords is not None:
        if extra_keywords:
            raise ValueError('Unrecognized keyword arguments passed to %s: %s' % (type(layer).__name__, extra_keywords))
        raise NotImplementedError("%s.quantize(%r): tapeflow has no quantized kernels (Keras 3 quantizes Dense, "
                                  'EinsumDense and Embedding layers); the weights stay as they are'
                                  % (type(layer).__name__, mode))
    error = NotImplementedError('Layer %s does not have a `quantize` method implemented.' % type(layer).__name__)
    if any(cls.__name__ in _KERAS_QUANTIZES for cls in type(layer).__mro__):
        error = noted(error, 'Keras 3 quantizes this layer; tapeflow has no quantized kernels, so its weights stay '
                             '%s' % layer.variable_dtype)
    raise error
