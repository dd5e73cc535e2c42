"""Mean and variance over the positions a Keras mask keeps (BatchNormalization with a mask)."""
from framework.ops import broadcast_to, cast, expand_dims, reduce_sum, square, squeeze, where, zeros_like


def masked_moments(inputs, mask, axes):
    """(mean, variance) over ``axes`` of the entries of ``inputs`` whose ``mask`` is True.

    ``mask`` has the inputs' shape without the feature axis (one flag per time step),
    as Keras 3's ``BatchNormalization._moments``: the sums of the kept entries and of
    their squared deviations are divided by the number kept plus ``keras.backend.epsilon()``,
    so that a batch with nothing kept gives zeros rather than NaN.
    """
    from framework.keras.backend import epsilon         # framework.keras imports the layers
    keep = broadcast_to(expand_dims(cast(mask, 'bool'), -1), inputs.shape)
    nothing = zeros_like(inputs)
    count = reduce_sum(cast(keep, inputs.dtype), axes, keepdims=True) + epsilon()
    mean = reduce_sum(where(keep, inputs, nothing), axes, keepdims=True) / count
    variance = reduce_sum(square(where(keep, inputs - mean, nothing)), axes, keepdims=True) / count
    return squeeze(mean, axes), squeeze(variance, axes)
