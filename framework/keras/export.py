"""``keras.export``: ExportArchive, a SavedModel with the serving endpoints the user chooses."""
from ..saved_model.export_archive import ExportArchive

__all__ = ['ExportArchive']
