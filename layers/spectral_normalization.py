"""SpectralNormalization (Keras 3): keep a layer's kernel at spectral norm 1 while training."""

from framework.ops import cast, equal, matmul, minimum, reduce_all, reduce_sum, reshape, rsqrt, transpose
from framework.tape import paused

from . import autocast as autocasting, initializers
from .input_spec import InputSpec
from .training_flag import training_is_on
from .wrapper import Wrapper

_EPSILON = 1e-7     # Keras's backend epsilon, the floor of ops.normalize's norm


def _normalize(v):
    """``v / ||v||``, as ``keras.ops.normalize(v, axis=None)`` (the inverse norm capped at 1 / epsilon)."""
    return v * minimum(rsqrt(reduce_sum(v * v)), 1.0 / _EPSILON)


class SpectralNormalization(Wrapper):
    """Wraps a layer with a ``kernel`` (or ``embeddings``). On each training call
    the kernel is divided, in place, by its largest singular value, estimated by
    ``power_iterations`` steps of power iteration from the non-trainable
    ``vector_u`` (which keeps the estimate between calls), and then the layer
    runs; an all-zero kernel is left alone. Inference calls run the layer as is.
    (Miyato et al., 2018; Keras 3's update rule.)

    Weights, in Keras 3's order: the wrapped kernel, ``vector_u`` (1, kernel.shape[-1]),
    then the wrapped layer's other weights.
    Raises:
        ValueError: power_iterations below 1; a wrapped layer with neither kernel nor embeddings.
    """

    def __init__(self, layer, power_iterations=1, **kwargs):
        super().__init__(layer, **kwargs)
        if power_iterations <= 0:       # Keras 3's only check and words (a float is kept: range() refuses it
            raise ValueError('`power_iterations` should be greater than zero. Received: `power_iterations=%s`'
                             % (power_iterations,))            # in a training call, as in TF 2.21)
        self.power_iterations = power_iterations

    def build(self, input_shape):
        super().build(input_shape)
        self.input_spec = InputSpec(min_ndim=1, axes={-1: input_shape[-1]})
        kernel = getattr(self.layer, 'kernel', None)
        kernel = getattr(self.layer, 'embeddings', None) if kernel is None else kernel
        if kernel is None:          # Keras 3.15's words
            error = ValueError("%s object has no attribute 'kernel' nor 'embeddings'" % type(self.layer).__name__)
            error.add_note('SpectralNormalization %r wraps a layer with a kernel (Dense, Conv, Embedding)' % self.name)
            raise error
        # Keras tracks the kernel as an attribute of the wrapper, which puts it first in ``weights``
        # (Layer.__setattr__ tracks it so here too).
        self.kernel = kernel
        self.vector_u = self.add_weight(name='vector_u', shape=(1, kernel.shape[-1]), trainable=False,
                                        initializer=initializers.TruncatedNormal(stddev=0.02), dtype=kernel.dtype)
        # call assigns to vector_u, so it stays the variable there (no autocast); normalized_weights casts
        autocasting.keep_float32(self)
        self.built = True

    def call(self, inputs, training=False):
        if training_is_on(training):
            with paused():               # an update of the weights, not part of the differentiated computation
                if not bool(reduce_all(equal(self.kernel, 0.0))):
                    vector_u, kernel = self.normalized_weights()
                    # (float16 results under 'mixed_float16': assign casts them to the float32 weights, as Keras)
                    self.vector_u.assign(vector_u)
                    self.kernel.assign(kernel)
        # (cast hands back the same tensor for the same dtype, as Keras's: the wrapped layer's mask rides on it)
        return cast(self.layer(inputs), inputs.dtype)

    def compute_output_shape(self, input_shape):
        return self.layer.compute_output_shape(input_shape)

    def normalized_weights(self):
        """(the new vector_u, the kernel divided by its estimated spectral norm), in the compute dtype as Keras
        reads both weights inside call (float16 under 'mixed_float16'). Keras's autocast scope is open only where
        the wrapper's compute and variable dtypes differ: a float64 layer in a float32 wrapper keeps its float64
        weights (TF 2.21: vector_u -0x1.8d84304c743c9p-1 after a training call, not float32's bits)."""
        dtype = self.compute_dtype if self.compute_dtype != self.variable_dtype else self.kernel.dtype
        kernel = self.kernel if self.kernel.dtype == dtype else cast(self.kernel, dtype)
        weights = reshape(kernel, (-1, kernel.shape[-1]))
        vector_u = self.vector_u if self.vector_u.dtype == dtype else cast(self.vector_u, dtype)
        for _ in range(self.power_iterations):
            vector_v = _normalize(matmul(vector_u, transpose(weights)))
            vector_u = _normalize(matmul(vector_v, weights))
        sigma = matmul(matmul(vector_v, weights), transpose(vector_u))
        return vector_u, reshape(kernel / sigma, tuple(kernel.shape))

    def get_config(self):
        config = super().get_config()
        config['power_iterations'] = self.power_iterations
        return config
