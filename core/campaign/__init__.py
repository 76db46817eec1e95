"""Outside one fight: campaign time, travel, mass battle, training and ruses, held breath, energy, light."""
