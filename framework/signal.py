"""``tf.signal``: Fourier transforms, framing, windows, STFT, mel filterbanks, DCTs and the MDCT."""
from .ops.cepstral import dct, idct, linear_to_mel_weight_matrix, mfccs_from_log_mel_spectrograms  # noqa: F401
from .ops.fourier import (fft, fft2d, fft3d, fftshift, ifft, ifft2d, ifft3d, ifftshift, irfft, irfft2d,  # noqa: F401
                          irfft3d, rfft, rfft2d, rfft3d)
from .ops.fourier_nd import fftnd, ifftnd, irfftnd, rfftnd  # noqa: F401
from .ops.lapped import (inverse_mdct, kaiser_bessel_derived_window, kaiser_window, mdct,  # noqa: F401
                         vorbis_window)
from .ops.framing import (frame, hamming_window, hann_window, inverse_stft, inverse_stft_window_fn,  # noqa: F401
                          overlap_and_add, stft)

__all__ = ['dct', 'fft', 'fft2d', 'fft3d', 'fftnd', 'fftshift', 'frame', 'hamming_window', 'hann_window', 'idct', 'ifft',
           'ifft2d', 'ifft3d', 'ifftnd', 'ifftshift', 'inverse_mdct', 'inverse_stft', 'inverse_stft_window_fn', 'irfft',
           'irfft2d', 'irfft3d', 'irfftnd', 'kaiser_bessel_derived_window', 'kaiser_window', 'linear_to_mel_weight_matrix',
           'mdct', 'mfccs_from_log_mel_spectrograms', 'overlap_and_add', 'rfft', 'rfft2d', 'rfft3d', 'rfftnd', 'stft',
           'vorbis_window']
