"""LoRA for Conv1D, Conv2D and Conv3D: Keras 3's BaseConv ``lora_rank`` / ``lora_alpha`` / ``enable_lora``.

The machinery is layers/lora.py's (Dense's): the kernel frozen, float32 weights ``lora_kernel_a`` of
shape kernel.shape[:-1] + (rank,) and ``lora_kernel_b`` of shape (rank, filters), calls convolving
``kernel + (lora_alpha / rank) * a @ b``; a saved file holds the merged kernel and no LoRA weights.
Unlike Dense, a conv's build keeps the lora_alpha it was given (Keras 3's BaseConv passes it on).
Keras 3's transposed and depthwise convolutions have no LoRA, and neither do tapeflow's.
"""
from . import lora
from .read_only_weights import PrivateWeight, ReadOnlyWeight


class ConvLora(lora.MergedWhenSaved):
    """Mixed into a convolution layer ahead of KernelOptions and Layer: ``_set_lora_options`` in __init__,
    ``_enable_lora_after_build`` at the end of build, ``_lora_config`` in get_config. The layer's ``call``
    reads its kernel from ``self.__dict__`` (the property's value, or inside a LoRA call the merged one)."""

    # Keras 3's BaseConv property: no setter, and with LoRA the merged kernel (layers/read_only_weights.py)
    kernel = ReadOnlyWeight('kernel')
    _kernel = PrivateWeight('kernel')

    def _set_lora_options(self, lora_rank, lora_alpha):
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False

    def _enable_lora_after_build(self):
        if self.lora_rank:
            self.enable_lora(self.lora_rank, lora_alpha=self.lora_alpha)

    def enable_lora(self, rank, lora_alpha=None, a_initializer='he_uniform', b_initializer='zeros'):
        """Freeze the kernel and train a rank-``rank`` update ``lora_kernel_a @ lora_kernel_b`` scaled by
        ``lora_alpha / rank`` (default alpha: the rank), as Keras 3's convolutions.

        Raises:
            ValueError: a kernel constraint, an unbuilt layer, LoRA already enabled (Keras 3's words).
        """
        lora.check_can_enable(self, self.kernel_constraint)
        lora.enable(self, 'kernel', 'lora_kernel', rank, lora_alpha, a_initializer, b_initializer,
                    self.kernel_regularizer)

    def _lora_config(self, config):
        if self.lora_rank:
            config['lora_rank'] = self.lora_rank
            config['lora_alpha'] = self.lora_alpha
        return config
